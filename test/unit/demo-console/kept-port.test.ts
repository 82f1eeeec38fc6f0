import { existsSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempDir } from '../../support/temp'
import { startDemo } from './support'

const portOf = (url: string) => Number(new URL(url).port)

describe('demo console: one address across restarts', () => {
  it('answers at the port it had before on the same data folder; another port when that one is taken', async () => {
    const dir = await tempDir('demo-console-port-')
    let holder: Server | undefined
    try {
      const first = await startDemo({ dataDir: dir.path })
      const port = portOf(first.console.url)
      await first.close()

      const again = await startDemo({ dataDir: dir.path })
      expect(portOf(again.console.url)).toBe(port)
      await again.close()

      // Another program holds the port now: the console still starts, elsewhere, and keeps that port next.
      holder = createServer()
      await new Promise<void>((resolve) => holder!.listen({ host: '127.0.0.1', port }, resolve))
      const moved = await startDemo({ dataDir: dir.path })
      const movedPort = portOf(moved.console.url)
      expect(movedPort).not.toBe(port)
      const res = await moved.api('GET', '/users')
      expect(res.status).toBe(200)
      await moved.close()
    } finally {
      await new Promise<void>((resolve) => (holder ? holder.close(() => resolve()) : resolve()))
      await dir.remove()
    }
  })

  it('a port given by the caller (0: any free one) is used as given and not kept', async () => {
    const dir = await tempDir('demo-console-port-given-')
    try {
      const demo = await startDemo({ dataDir: dir.path, port: 0 })
      expect(portOf(demo.console.url)).toBeGreaterThan(0)
      await demo.close()
      expect(existsSync(join(dir.path, 'port.json'))).toBe(false)
    } finally {
      await dir.remove()
    }
  })
})
