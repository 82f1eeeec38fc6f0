import { spawn } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { readyLine, startJsonProcess } from '../../support/processes'
import { tempDir } from '../../support/temp'

/** A Node child running `code`, its stdout piped. */
const node = (code: string) => spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'ignore'] })
const isReady = (line: string) => (line === 'ready' ? true : undefined)

let dir: Awaited<ReturnType<typeof tempDir>>
beforeEach(async () => (dir = await tempDir()))
afterEach(() => dir.remove())

describe("waiting for a child's ready line", () => {
  it('fails when the child exits before its ready line', async () => {
    const child = node('console.log("starting"); process.exit(3)')
    await expect(readyLine(child, 'the observer', isReady)).rejects.toThrow(
      'the observer exited (code 3) before its ready line'
    )
  })

  it('fails after its bound when the child never prints it, and says so', async () => {
    const child = node('setInterval(() => {}, 1000)')
    try {
      await expect(readyLine(child, 'the observer', isReady, { timeoutMs: 300 })).rejects.toThrow(
        'the observer printed no ready line in 300 ms'
      )
    } finally {
      child.kill('SIGKILL')
    }
  })

  it('takes a ready line printed just before the child exits', async () => {
    const child = node('console.log("noise"); console.log("ready"); process.exit(0)')
    await expect(readyLine(child, 'the observer', isReady)).resolves.toBe(true)
  })

  it("startJsonProcess fails with the child's words when the entry dies before its JSON line", async () => {
    const entry = join(dir.path, 'dies.ts')
    await writeFile(entry, 'console.error("nfc-pcsc is not installed"); process.exit(1)\n')
    await expect(startJsonProcess(entry, [])).rejects.toThrow(
      /exited \(code 1\) before its ready line: nfc-pcsc is not installed/
    )
  })
})
