// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { consoleScopedStores } from '../../../src/renderer/src/stores/console-scope'

const dir = 'src/renderer/src/stores'

/**
 * Stores that talk to main but hold nothing of one console that could reach another: each with the
 * reason. Every other store that calls main registers how it forgets a console's data.
 */
const notConsoleData: Record<string, string> = {
  'audit.svelte.ts': 'the audit trail is this desk’s, across consoles, filtered by console',
  'connection.svelte.ts': 'the connection profiles themselves',
  'csv-preview.svelte.ts': 'part of the batches store, whose switch closes the CSV preview (closeCsv)',
  'fleet.svelte.ts': 'every saved console at once, each answer named by its console; opening one switches first',
  'kiosk.svelte.ts': 'each check-in list is its panel’s own, read from main (the active console’s) when Today shows it',
  'printer-states.svelte.ts': 'the badge printers this PC prints to, whichever console is active',
  'reader.svelte.ts': 'the USB reader on this PC',
  'settled-writes.svelte.ts':
    'read-backs by audit row id: each id names one write of one console and no other console’s row shares it',
  'lookups.ts': 'no state: each call asks main',
  'pins.ts': 'no state: each call asks main',
  'touch-pass-count.ts': 'no state: each call asks main',
  'visitor-credentials.ts': 'no state: each call asks main'
}

describe('switching consoles forgets every store’s data of the console left (one registry)', () => {
  it('every store that holds a console’s data registers with onConsoleSwitch', async () => {
    const files = readdirSync(dir).filter((f) => f.endsWith('.ts'))
    const talkToMain = files.filter((f) => readFileSync(join(dir, f), 'utf8').includes('getApi'))
    const registering = files.filter((f) => /onConsoleSwitch\('/.test(readFileSync(join(dir, f), 'utf8')))
    for (const file of talkToMain) {
      expect(registering.includes(file) || file in notConsoleData, `${file} neither registers nor says why not`).toBe(
        true
      )
    }
    // Loading the registering stores registers them all, under their own names.
    const modules = import.meta.glob('../../../src/renderer/src/stores/*.svelte.ts')
    for (const [path, load] of Object.entries(modules)) {
      if (registering.some((f) => path.endsWith(`/${f}`))) await load()
    }
    // Unsaved inline edits (lib/record-drafts) register themselves as `drafts:<what>`: forgotten the same way.
    const stores = consoleScopedStores().filter((name) => !name.startsWith('drafts:'))
    expect(stores.sort()).toEqual(registering.map((f) => f.replace(/\.svelte\.ts$/, '')).sort())
    expect(consoleScopedStores()).toContain('drafts:card alias')
  })
})
