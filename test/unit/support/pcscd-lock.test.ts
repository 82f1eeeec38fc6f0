import { spawn, type ChildProcess } from 'node:child_process'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import config from '../../../vitest.config'
import { PCSCD_LOCK_WAIT_MS, takeDirectoryLock } from '../../support/pcscd'
import { tempDir } from '../../support/temp'

let dir: Awaited<ReturnType<typeof tempDir>>
let holder: ChildProcess | undefined
beforeEach(async () => (dir = await tempDir()))
afterEach(async () => {
  holder?.kill('SIGKILL')
  holder = undefined
  await dir.remove()
})

describe('the machine-wide pcscd lock', () => {
  it('gives up before the hooks time out, so a held lock is reported as such', () => {
    const projects = (config.test?.projects ?? []) as { test?: { name?: string; hookTimeout?: number } }[]
    const pcsc = projects.find((p) => p.test?.name === 'pcsc')
    expect(pcsc?.test?.hookTimeout).toBeGreaterThan(PCSCD_LOCK_WAIT_MS)
  })

  it('names the process that holds it when the wait ends', async () => {
    holder = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000) // the pcscd user'], { stdio: 'ignore' })
    const lock = join(dir.path, 'lock')
    await mkdir(lock)
    await writeFile(join(lock, 'pid'), String(holder.pid))
    const error = await takeDirectoryLock(lock, 300).then(
      () => undefined,
      (err: Error) => err
    )
    expect(error?.message).toContain(`pid ${holder.pid}: ${process.execPath} -e setInterval`)
    expect(error?.message).toContain('after 300 ms')
  })

  it('takes over a lock whose holder is gone', async () => {
    const gone = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' })
    await new Promise((resolve) => gone.once('exit', resolve))
    const lock = join(dir.path, 'lock')
    await mkdir(lock)
    await writeFile(join(lock, 'pid'), String(gone.pid))
    await takeDirectoryLock(lock, 300)
    expect(await readFile(join(lock, 'pid'), 'utf8')).toBe(String(process.pid))
  })
})
