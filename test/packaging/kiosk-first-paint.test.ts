import { describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { RendererManifest } from './support/renderer-manifest'

/**
 * The kiosk's first paint (issue 33, ≤ 80 kB gzip: bench/bundle-size.bench.ts) loads nothing of the
 * badge: its look, its page size and its QR image (screens/kiosk/badge-print.ts) come when a visitor
 * reaches "confirm". ErrorNotice stays in it: an error must show even when the service is gone.
 * Reads the build in out/ (`npm test` builds first) and the files each chunk holds as the build lists
 * them (.vite/chunk-modules.json).
 */
const built = new RendererManifest(join(fileURLToPath(new URL('../..', import.meta.url)), 'out/renderer'))
const kiosk = ['index.html', 'KioskApp.svelte']
const holds = (key: string, file: string) => built.modules(key).includes(`src/renderer/src/${file}`)

describe("the kiosk's first paint", () => {
  it('loads nothing of the badge, which comes with the code the kiosk imports when a visitor confirms', () => {
    const loaded = built.firstPaint(kiosk)
    const badge = ['components/badges/BadgeView.svelte', 'components/badges/page-size.ts', 'lib/download.ts']
    const found = [...loaded].flatMap(([k, chain]) =>
      badge.filter((file) => holds(k, file)).map((file) => `${file}: ${chain.join(' → ')}`)
    )
    expect(found, 'badge files before the first paint, each with the static imports that load it').toEqual([])

    // The marker finds them where they are: the chunks the kiosk loads on demand.
    const later = built.firstPaint(built.chunks[built.key('KioskApp.svelte')]!.dynamicImports ?? [])
    for (const file of badge)
      expect(
        [...later.keys()].some((k) => holds(k, file)),
        file
      ).toBe(true)
  })

  it('keeps what shows an error with it: the error notice needs no chunk fetched later', () => {
    const loaded = built.firstPaint(kiosk)
    expect([...loaded.keys()].some((k) => holds(k, 'components/ErrorNotice.svelte'))).toBe(true)
  })
})
