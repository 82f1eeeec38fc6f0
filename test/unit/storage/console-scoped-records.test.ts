import { readdir, readFile } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { useAppServices, type AppHarness } from '../../support/app-services'
import { kioskDoors } from '../../support/kiosk-visit'
import { activeSecondConsole } from '../../support/second-console'

/**
 * What the desk keeps on disk about a console's records belongs to that console: a kiosk check-in, a
 * badge printed and a QR code given on console A are not console B's (the visitor ids a console
 * gives mean nothing on another, and Today on B once showed A's check-ins as arrivals); so is a walk-in
 * recorded as arrived. Every store is
 * read through the same question from one list; a list file in the data folder that this list does
 * not name, or an entry on disk without its console, fails here too.
 */
const STORES: { file: string; read: (app: AppHarness) => Promise<unknown[]> }[] = [
  { file: 'kiosk/checkins.json', read: async (app) => (await app.call('kiosk.checkins', { limit: 1000 })).items },
  { file: 'badges/history.json', read: async (app) => (await app.call('badges.history', { limit: 1000 })).items },
  { file: 'badges/qr-revoked.json', read: async (app) => [...(await app.services.qrCodes.assignedNow()).keys()] },
  {
    file: 'visitors/walk-ins.json',
    read: async (app) =>
      (await app.call('today.list')).rows
        .filter((r: { arrival?: { where: string } | null }) => r.arrival?.where === 'walk-in')
        .map((r: { id: string }) => r.id)
  }
]

/** Every capped list file (`{version: 1, entries}`) under the data folder, as paths inside it. */
async function listFiles(root: string): Promise<Map<string, unknown[]>> {
  const found = new Map<string, unknown[]>()
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.json')) continue
    const path = join(entry.parentPath, entry.name)
    if (relative(root, path).startsWith('demo-console')) continue // the console's own state, not the desk's
    const value: unknown = JSON.parse(await readFile(path, 'utf8'))
    if (value && typeof value === 'object' && Array.isArray((value as { entries?: unknown }).entries)) {
      found.set(relative(root, path), (value as { entries: unknown[] }).entries)
    }
  }
  return found
}

describe("the desk's records of a console, on another console", () => {
  const app = useAppServices()

  it('made on console A: none read on console B, all still read on A, each on disk with its console', async () => {
    const { activeId: home } = await app.call('connections.list')
    // On A: a walk-in added at the desk, who checks in at the kiosk, which gives a QR code and prints the badge.
    const now = Math.floor(Date.now() / 1000)
    const visitor = await app.call('visitors.create', {
      first_name: 'Noa',
      last_name: 'Here',
      visitor_company: 'Fabrikam',
      visit_reason: 'Business',
      start_time: now - 3600,
      end_time: now + 4 * 3600,
      week_schedule: null,
      resources: await kioskDoors(app),
      walkIn: true
    })
    await app.call('kiosk.badge', { visitorId: visitor.id })
    await app.call('kiosk.checkIn', { visitorId: visitor.id, browser: { handedToDialog: true } })
    const onA = new Map<string, unknown[]>()
    for (const store of STORES) {
      onA.set(store.file, await store.read(app))
      expect(onA.get(store.file), `${store.file} on A`).not.toEqual([])
    }

    // Every list file the desk wrote is one of the stores above, and each entry names console A.
    const files = await listFiles(app.services.dataDir)
    expect([...files.keys()].sort()).toEqual(STORES.map((s) => s.file).sort())
    for (const [file, entries] of files) {
      for (const entry of entries) expect(entry, file).toMatchObject({ console: home })
    }

    // Console B becomes active: its own demo console, its own certificate.
    await activeSecondConsole(app)
    for (const store of STORES) expect(await store.read(app), `${store.file} on B`).toEqual([])

    // Back on A, everything A made is there as it was.
    await app.services.connections.select(home)
    for (const store of STORES) expect(await store.read(app), `${store.file} on A again`).toEqual(onA.get(store.file))
  })
})
