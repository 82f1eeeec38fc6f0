import { afterAll, describe, expect, it } from 'vitest'
import { readdir } from 'node:fs/promises'
import { startDemoConsole } from '../../../src/demo-console/server'
import { createNodeServices } from '../../../src/main/services/node-app'
import { tempDir } from '../../support/temp'

/** Every file under `dir`, with its path below it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries.filter((e) => e.isFile()).map((e) => `${e.parentPath ?? e.path}/${e.name}`.slice(dir.length))
}

/**
 * Once main closed, it writes nothing more in its data folder: another process may take the folder
 * then (a restart of web mode, the CLI), and a test removes it. A check of the console still in flight,
 * or one armed by a call that found the console down, must not start the built-in console again.
 */
describe('after close, main starts nothing and writes nothing in its data folder', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>
  afterAll(async () => {
    await dir?.remove()
  })

  it('a check of the console after close refuses, and the built-in console stays stopped', async () => {
    dir = await tempDir('after-close-')
    const started: string[] = []
    const services = await createNodeServices({
      dataDir: dir.path,
      transport: 'test',
      startDemoConsole: (options) => {
        started.push(options.dataDir)
        return startDemoConsole(options)
      }
    })
    services.prepare()
    await services.reach.check()
    expect(started).toHaveLength(1)
    await services.close()
    const before = await filesUnder(dir.path)

    // A check by itself (a retry timer, a call that found the console down) after the close.
    await expect(services.reach.check()).resolves.toBeNull()
    await expect(services.connections.demoConsole()).rejects.toMatchObject({ code: 'CLOSING' })
    expect(started).toHaveLength(1)
    expect(await filesUnder(dir.path)).toEqual(before)
  })
})
