import { readFile, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { join } from 'node:path'

/**
 * The built-in console answers at the same address across restarts, as a real console does: the port it
 * last listened on is kept in its data folder and asked for first. A new port at every start made one
 * console appear under several addresses (the audit's rows carry the address each write went to). When
 * that port is taken now (another program has it), any free port: the console must start regardless.
 */
const FILE = 'port.json'

export async function portToListenOn(dataDir: string, host: string): Promise<number> {
  const last = await readFile(join(dataDir, FILE), 'utf8')
    .then((text) => (JSON.parse(text) as { port?: unknown }).port)
    .catch(() => undefined)
  if (typeof last !== 'number' || !Number.isInteger(last) || last <= 0 || last > 65535) return 0
  return (await free(host, last)) ? last : 0
}

export async function keepPort(dataDir: string, port: number): Promise<void> {
  await writeFile(join(dataDir, FILE), JSON.stringify({ port }) + '\n').catch(() => undefined)
}

function free(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(false))
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve(true)))
  })
}
