import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { readdir, readFile, writeFile, mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { BadgeHistory } from '../../../src/main/services/badges/history'
import { BadgeSettingsStore } from '../../../src/main/services/badges/settings'
import { createHandlers } from '../../../src/main/handlers'
import { createDispatch } from '../../../src/main/services/ipc/dispatch'
import { createNodeServices } from '../../../src/main/services/node-app'
import type { BadgeJob } from '../../../src/shared/badges/schemas'
import { tempDir } from '../../support/temp'
import { startDemoConsole } from '../../../src/demo-console/server'

/** One console's records (storage/durable-list.ts keeps each with its console). */
const onConsoleA = async () => 'console-a'

const job: BadgeJob = {
  visitorId: 'v-1',
  name: 'Mia Ortiz',
  company: 'Acme',
  host: 'Ada Ng',
  validFrom: 1767254400,
  validTo: 1767297599,
  stock: 'dk-11202'
}

describe('badge print history', () => {
  let data: Awaited<ReturnType<typeof tempDir>>
  beforeEach(async () => (data = await tempDir()))
  afterEach(async () => data.remove())

  it('survives a restart: a recorded print is read back by a new instance, newest first', async () => {
    const first = new BadgeHistory(data.path, onConsoleA)
    const a = await first.record({ job, output: 'pdf' })
    const b = await first.record({
      job: { ...job, name: 'Li Wei' },
      output: 'printer',
      printer: 'QL-820',
      reprintOf: a.id
    })
    const again = new BadgeHistory(data.path, onConsoleA)
    const items = await again.list()
    expect(items.map((e) => e.id)).toEqual([b.id, a.id])
    expect(items[0]).toMatchObject({ name: 'Li Wei', output: 'printer', printer: 'QL-820', reprintOf: a.id })
  })

  it('loses none of many prints recorded at once', async () => {
    const history = new BadgeHistory(data.path, onConsoleA)
    await Promise.all(
      Array.from({ length: 25 }, (_, i) => history.record({ job: { ...job, name: `Guest ${i}` }, output: 'pdf' }))
    )
    expect(await new BadgeHistory(data.path, onConsoleA).list(1000)).toHaveLength(25)
  })

  it('moves an unreadable history file aside instead of deleting it, and starts afresh', async () => {
    await mkdir(join(data.path, 'badges'), { recursive: true })
    await writeFile(join(data.path, 'badges', 'history.json'), '{"version":1,"entries":[{"id":42}]}')
    const history = new BadgeHistory(data.path, onConsoleA)
    expect(await history.list()).toEqual([])
    const files = await readdir(join(data.path, 'badges'))
    expect(files.some((f) => f.startsWith('history.json.unreadable-'))).toBe(true)
    await history.record({ job, output: 'browser-print' })
    expect(JSON.parse(await readFile(join(data.path, 'badges', 'history.json'), 'utf8')).entries).toHaveLength(1)
  })

  it('keeps the settings (site name, logo) and refuses a logo that is not an image data URL', async () => {
    const store = new BadgeSettingsStore(data.path)
    expect(await store.get()).toMatchObject({ siteName: '', logoDataUrl: null, stock: 'dk-11202', silent: false })
    await store.save({
      siteName: 'HQ Reception',
      logoDataUrl: 'data:image/png;base64,iVBORw0KGgo=',
      stock: 'a6',
      printer: null,
      silent: false
    })
    expect(await new BadgeSettingsStore(data.path).get()).toMatchObject({ siteName: 'HQ Reception', stock: 'a6' })

    const services = await createNodeServices({ dataDir: data.path, transport: 'test', startDemoConsole })
    try {
      const dispatch = createDispatch(createHandlers(services))
      const bad = await dispatch('badges.saveSettings', { siteName: 'x', logoDataUrl: 'javascript:alert(1)' })
      expect(bad).toMatchObject({ ok: false, error: { kind: 'validation' } })
      // No printer outside Electron: the handler says to use the browser's print.
      const print = await dispatch('badges.print', { job })
      expect(print).toMatchObject({ ok: false, error: { kind: 'unsupported', code: 'NO_PRINTER' } })
      expect(await dispatch('badges.printers', undefined)).toMatchObject({ ok: true, result: { available: false } })
      const recorded = await dispatch('badges.record', { job, output: 'browser-pdf' })
      expect(recorded).toMatchObject({ ok: true, result: { output: 'browser-pdf', name: 'Mia Ortiz' } })
    } finally {
      await services.close()
    }
  })
})
