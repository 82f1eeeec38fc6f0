import { describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { RendererManifest } from './support/renderer-manifest'

/**
 * Schemas shared by main and the renderer are not shipped to a screen that does not check with them
 * (issue 33, "Initial JavaScript"): zod alone is ~40 kB gzip, a third of the desk's first-paint
 * budget. Each way into the app — the desk's Start and Today, the kiosk — loads no chunk holding
 * zod before its first paint; zod comes with a screen or a form that validates (the walk-in form
 * is loaded when opened). Shared modules have a plain part the renderer imports
 * (shared/access/visitor-basics.ts, automatic-group.ts, notifications-socket.ts,
 * shared/today/groups.ts) and a schema part for main and the contract. Reads the build in out/
 * (`npm test` builds first); bench/bundle-size.bench.ts prints the sizes.
 */
const built = new RendererManifest(join(fileURLToPath(new URL('../..', import.meta.url)), 'out/renderer'))

/** zod in a chunk: one of its files among those the build lists for the chunk (.vite/chunk-modules.json). */
const holdsZod = (key: string) => built.modules(key).some((file) => file.includes('node_modules/zod/'))

const ways = [
  { name: 'the desk, first launch (Start)', sources: ['index.html', 'App.svelte', 'StartScreen.svelte'] },
  { name: 'the desk, later launches (Today)', sources: ['index.html', 'App.svelte', 'TodayScreen.svelte'] },
  { name: 'the kiosk', sources: ['index.html', 'KioskApp.svelte'] },
  // Web mode: the bridge (window.api over the socket) is its own script, loaded before the desk.
  { name: 'the web bridge (the desk in a browser)', sources: ['bridge-client.ts'] }
]

describe('the JavaScript loaded before the first paint holds no zod', () => {
  it('the marker finds zod where it is: the renderer has it, for the screens that check forms', () => {
    // Without this, a marker gone stale (a zod that renames its core) would make the test below pass always.
    const withZod = Object.keys(built.chunks).filter((k) => built.chunks[k]!.file.endsWith('.js') && holdsZod(k))
    expect(withZod.length).toBeGreaterThan(0)
    // The Visitors screen, loaded when opened, is one of them: its form checks with zod.
    const visitors = built.firstPaint(['VisitorsScreen.svelte'])
    expect([...visitors.keys()].some((k) => holdsZod(k))).toBe(true)
  })

  it.each(ways)('$name', ({ sources }) => {
    const loaded = built.firstPaint(sources)
    const withZod = [...loaded].filter(([k]) => holdsZod(k)).map(([, chain]) => chain.join(' → '))
    expect(withZod, 'chunks with zod, each with the static imports that load it').toEqual([])
    // The way's own screen is there: the walk is of the right sources.
    expect(loaded.has(built.key(sources.at(-1)!))).toBe(true)
  })
})
