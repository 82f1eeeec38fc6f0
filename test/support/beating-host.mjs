// A reader host that does nothing but say it is alive, from its own process: its heartbeats keep
// coming while the parent's event loop is held, and wait in the pipe until the parent reads again.
process.send({ type: 'hello', pid: process.pid })
process.send({ type: 'readers', readers: ['R'] })
setInterval(() => process.send({ type: 'heartbeat', at: Date.now() }), 100)
process.on('message', (m) => {
  if (m && m.type === 'stop') process.exit(0)
})
process.on('disconnect', () => process.exit(0))
