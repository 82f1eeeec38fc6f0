import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { startJsonProcess, type Started } from '../../support/processes'
import { tempDir } from '../../support/temp'
import { entryArgs } from '../../support/built-entry'
import { openBridge } from '../web/support'
import type { WebServer } from '../../../src/web/server'

const run = promisify(execFile)
type WebInfo = { url: string; dataDir: string }

/** The CLI as a second process on `dataDir`: its exit code and what it wrote. */
function cli(dataDir: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return run(process.execPath, [...entryArgs('cli'), '--data', dataDir, ...args]).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr })
  )
}

/**
 * Two real processes on one data folder (finding: a CLI `batches.list` while web mode ran compacted
 * the batch journal into a new file, and web mode acknowledged scans into the replaced one). The
 * first process to open the folder owns it; a second refuses with who holds it and what to do; a
 * lock left by a process killed with SIGKILL is taken over.
 */
describe('one process owns a data folder', () => {
  let data: Awaited<ReturnType<typeof tempDir>>
  let renderer: Awaited<ReturnType<typeof tempDir>>
  const secret = randomBytes(24).toString('base64url')
  const started: Started<WebInfo>[] = []

  /**
   * Web mode on the folder, serving a stand-in page (the unit project does not rely on a built renderer). Web mode
   * and the CLI run as `npm run web`/`npm run cli` do (test/support/built-entry.ts): the built bundle when out/ is
   * current, not the sources through tsx (~2–5 s more per start on a loaded 2-core machine, seven starts here).
   */
  async function startWeb(): Promise<Started<WebInfo>> {
    const web = await startJsonProcess<WebInfo>(
      entryArgs('web').at(-1)!,
      ['--data', data.path, '--renderer', renderer.path],
      {
        env: { ACCESS_DESK_WEB_SECRET: secret }
      }
    )
    started.push(web)
    return web
  }

  /** A tab of that web mode, as the browser opens it. */
  function tab(web: Started<WebInfo>) {
    const origin = new URL(web.info.url).origin
    return openBridge({ origin, secret } as WebServer)
  }

  beforeAll(async () => {
    data = await tempDir()
    renderer = await tempDir()
    await mkdir(join(renderer.path, 'assets'))
    await writeFile(join(renderer.path, 'index.html'), '<html><script type="module"></script></html>')
  })
  afterAll(async () => {
    for (const web of started) await web.stop()
    await data?.remove()
    await renderer?.remove()
  })

  it('refuses a second process (the CLI, another web mode) with who holds it, and the first keeps its scans', async () => {
    const web = await startWeb()
    const first = tab(web)
    await first.opened
    const created = (await first.call('batches.create', { name: 'Lobby' })) as { ok: true; result: { id: string } }
    expect(created.ok).toBe(true)
    const batchId = created.result.id

    // A second process: the CLI reading the batches (it used to compact the journal under web mode).
    const second = await cli(data.path, 'batches.list')
    expect(second.code).toBe(1)
    expect(second.stdout).toBe('')
    expect(second.stderr).toContain(`in use by web mode (process ${web.child.pid}`)
    expect(second.stderr).toMatch(/--data/)
    expect(second.stderr).not.toMatch(/\n\s+at /) // a message, not a stack

    // Another web mode on the same folder refuses to start, with the same message.
    await expect(startWeb()).rejects.toThrow(new RegExp(`in use by web mode \\(process ${web.child.pid}`))

    // The first keeps working: five scans acknowledged are there after a restart.
    const uids = ['04A23B1C5D6E01', '04A23B1C5D6E02', '04A23B1C5D6E03', '04A23B1C5D6E04', '04A23B1C5D6E05']
    for (const uid of uids) {
      expect(await first.call('batches.addScan', { batchId, uid, source: 'typed' })).toMatchObject({ ok: true })
    }
    first.ws.close()
    await web.stop()
    const listed = await cli(data.path, 'batches.get', JSON.stringify({ id: batchId }))
    expect(listed.code).toBe(0)
    const rows = (JSON.parse(listed.stdout) as { rows: { nfcId: string }[] }).rows
    expect(rows.map((r) => r.nfcId).sort()).toEqual(uids)
  }, 120_000)

  it('takes over the lock of a web mode killed with SIGKILL', async () => {
    const web = await startWeb()
    const pid = web.child.pid
    await new Promise<void>((resolve) => {
      web.child.once('exit', () => resolve())
      web.child.kill('SIGKILL')
    })
    const after = await cli(data.path, 'batches.list')
    expect(after.stderr).not.toContain(`process ${pid}`)
    expect(after.code).toBe(0)
    expect(JSON.parse(after.stdout)).toMatchObject({ batches: [{ name: 'Lobby' }] })
    // And web mode starts again on it.
    const again = await startWeb()
    const t = tab(again)
    await t.opened
    expect(await t.call('batches.list')).toMatchObject({ ok: true })
    t.ws.close()
  }, 120_000)
})
