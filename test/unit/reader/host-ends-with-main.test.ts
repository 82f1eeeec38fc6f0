import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, it } from 'vitest'
import { sleep } from '../../pcsc/harness'

const parentScript = fileURLToPath(new URL('../../fixtures/reader/host-parent.ts', import.meta.url))
const blockingNfc = fileURLToPath(new URL('../../fixtures/reader/nfc-blocks-forever.cjs', import.meta.url))

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/**
 * Main killed outright (SIGKILL, a crash) leaves no reader host behind: a host left running keeps the
 * reader and, stuck in `new NFC()`, a core busy, until the PC is restarted.
 */
describe('the reader host ends with main', () => {
  const started: number[] = []
  afterEach(() => {
    for (const pid of started.splice(0)) if (alive(pid)) process.kill(pid, 'SIGKILL')
  })

  async function hostUnder(args: string[]): Promise<{ parent: number; host: number }> {
    const parent = spawn(process.execPath, ['--import', 'tsx', parentScript, ...args], {
      stdio: ['ignore', 'pipe', 'inherit']
    })
    started.push(parent.pid!)
    const host = await new Promise<number>((resolve, reject) => {
      let out = ''
      parent.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString()
        const m = /host (\d+)/.exec(out)
        if (m) resolve(Number(m[1]))
      })
      parent.once('exit', () => reject(new Error(`the parent ended before the host said hello: ${out}`)))
    })
    started.push(host)
    return { parent: parent.pid!, host }
  }

  async function endsWithin(pid: number, ms: number): Promise<boolean> {
    const deadline = Date.now() + ms
    while (Date.now() < deadline) {
      if (!alive(pid)) return true
      await sleep(100)
    }
    return !alive(pid)
  }

  it('a host whose thread is stuck in new NFC() ends within seconds of main being killed', async () => {
    const { parent, host } = await hostUnder([`--nfc-module=${blockingNfc}`, '--no-probe'])
    // Give the host time to enter the blocking constructor.
    await sleep(1000)
    expect(alive(host)).toBe(true)
    process.kill(parent, 'SIGKILL')
    expect(await endsWithin(host, 5000)).toBe(true)
  }, 30_000)

  it('a host waiting on its event loop ends too (the IPC channel closed)', async () => {
    const { parent, host } = await hostUnder(['--nfc-module=nfc-pcsc-not-installed'])
    expect(alive(host)).toBe(true)
    process.kill(parent, 'SIGKILL')
    expect(await endsWithin(host, 5000)).toBe(true)
  }, 30_000)
})
