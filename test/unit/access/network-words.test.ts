import { createServer } from 'node:net'
import { describe, expect, it } from 'vitest'
import { probeCertificate } from '../../../src/main/services/access/tls-pinning'

/** A loopback port nothing listens on: bound, then closed again. */
async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

describe('network failures in words', () => {
  it('says "nothing answers" for a refused connection on first contact, never the raw socket error', async () => {
    const port = await closedPort()
    const failure = await probeCertificate(`https://127.0.0.1:${port}`).then(
      () => undefined,
      (err: unknown) => err as { kind: string; code: string; message: string; hint: string }
    )
    expect(failure).toMatchObject({ kind: 'network', code: 'ECONNREFUSED' })
    expect(failure!.message).toBe(
      `Could not reach 127.0.0.1:${port}: nothing answers at that address (connection refused).`
    )
    expect(failure!.message).not.toMatch(/connect ECONNREFUSED/)
    expect(failure!.hint).toMatch(/address and port/)
  })
})
