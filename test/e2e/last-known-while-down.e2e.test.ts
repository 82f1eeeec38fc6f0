import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seriousA11yFindings } from '../support/axe'
import { startRestartableWeb, type RestartableWeb } from '../support/restartable-web'

/**
 * Web mode's service killed mid-upload: while it is down, Import's batch list does not go on saying
 * "uploading" (nor the reader panel its last state) as if live — each says it is the last known and
 * that the service is not answering (lib/last-known.svelte.ts). Started again, the list is read anew
 * and says what the restarted main says of the batch (no upload runs in it).
 */
describe('the last known, not live, while web mode is killed mid-upload (Chromium)', () => {
  let app: RestartableWeb

  beforeAll(async () => {
    app = await startRestartableWeb({ prefix: 'access-desk-last-known-' })
  })
  afterAll(async () => {
    await app?.close()
  })

  it('says "last known" while the service is down, and what main says once it is back', async () => {
    const { page } = app.browser
    const made = await page.evaluate(async () => {
      const api = window.api!
      const batch = await api.batches.create({ name: 'Gate 3' })
      if (!batch.ok) return batch.error.message
      for (const uid of ['04A1B2C3D4E5F6', '04B2C3D4E5F607', '04C3D4E5F60718']) {
        const added = await api.batches.addScan({ batchId: batch.result.id, uid, source: 'typed' })
        if (!added.ok) return added.error.message
      }
      return batch.result.id
    })
    expect(made).toMatch(/^[\w-]+$/)
    await page.getByRole('navigation').getByRole('button', { name: 'Import', exact: true }).click()
    const list = page.getByTestId('batch-list')
    await list.getByRole('button', { name: /Gate 3/ }).click()
    // The console holds every answer long enough for the kill to land mid-upload.
    expect((await (await app.demo()).call('PUT', '/__demo/faults', { latencyMs: 30_000 })).status).toBe(200)
    await page.getByRole('button', { name: /^Upload 3 cards to the console$/ }).click()
    const state = list.locator('.state').first()
    await expect.poll(() => state.textContent(), { timeout: 15_000 }).toBe('uploading')

    await app.kill()
    // Not live: the last known, when, and why.
    await expect
      .poll(() => state.textContent())
      .toMatch(
        /^uploading — last known at \d{1,2}:\d{2}( [AP]M)?: Access Desk's service is not answering, so this is not live\.$/
      )
    const reader = page.getByTestId('reader-state')
    if ((await reader.getAttribute('data-state')) !== 'unknown') {
      expect(await reader.getAttribute('data-live')).toBe('false')
      expect(await reader.textContent()).toMatch(/last known/)
    }
    expect(await seriousA11yFindings(page), 'Import while the service is down').toEqual([])

    await app.restart()
    // Read anew: the screen says what the restarted main says of the batch (it runs no upload). Main may
    // still move it on by itself (its rows left to check are looked up once the console answers), so
    // the screen is compared with main's word at the same moment, until they agree.
    const mainSays = async () => {
      const listed = await page.evaluate(() => window.api!.batches.list())
      if (!listed.ok) throw new Error(listed.error.message)
      return listed.result.batches.find((b) => b.name === 'Gate 3')!.state
    }
    expect(await mainSays()).not.toBe('uploading')
    await expect.poll(() => state.textContent(), { timeout: 15_000 }).not.toMatch(/uploading|last known/)
    await expect
      .poll(
        async () => {
          const held = await mainSays()
          const shown = (await state.getAttribute('class')) ?? ''
          return shown.split(/\s+/).includes(`s-${held}`) ? 'agree' : `screen ${shown} · main ${held}`
        },
        { timeout: 15_000 }
      )
      .toBe('agree')
    expect(await reader.getAttribute('data-live')).toBe('true')
  })
})
