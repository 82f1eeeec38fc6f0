import { afterAll, describe, expect, it } from 'vitest'
import { startJsonProcess, type WebModeInfo } from '../support/processes'
import { tempDir } from '../support/temp'

/**
 * `npm start` where the Electron binary is missing, and `npm run web` (scripts/start.mjs): web mode runs
 * in the same process, with its own arguments (the script's `--web` is not one of them), answers its
 * page, and stops on SIGTERM as `node out/main/web.js` does, leaving its data folder to the next start.
 */
describe('npm run web: web mode from the built bundle in the script’s own process', () => {
  let data: Awaited<ReturnType<typeof tempDir>>
  afterAll(() => data?.remove())

  it('starts, serves its page, stops on SIGTERM with exit 0, and starts again on the same data folder', async () => {
    data = await tempDir('access-desk-npm-web-')
    for (let start = 0; start < 2; start++) {
      const web = await startJsonProcess<WebModeInfo & { event: string }>(
        'scripts/start.mjs',
        ['--web', '--data', data.path],
        { timeoutMs: 60_000 }
      )
      expect(web.info).toMatchObject({ event: 'ready', dataDir: data.path })
      const page = await fetch(web.info.url)
      expect(page.status).toBe(200)
      const exited = new Promise<number | null>((resolve) => web.child.once('exit', (code) => resolve(code)))
      await web.stop()
      expect(await exited).toBe(0)
    }
  }, 150_000)
})
