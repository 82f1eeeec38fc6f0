import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { execFileSync } from 'node:child_process'

/**
 * The JavaScript each way into the app loads before its first paint: the entry script, its root
 * (the desk's shell or the kiosk) and the first screen, with every chunk those import statically.
 * Chunks loaded later (the other screens, fetched when idle) are not counted. Each chunk is gzipped
 * on its own, as it is served. Read from the build manifest (electron.vite.config.ts).
 *
 * Targets: the desk's first screen (Start on a first launch, Today after) ≤ 120 kB gzip, the kiosk
 * ≤ 80 kB gzip with nothing of the desk's screens. The baseline printed beside them is the whole
 * renderer (every chunk), what a single bundle would load.
 */
const targets = { desk: 120, kiosk: 80 }

interface Chunk {
  file: string
  imports?: string[]
  isEntry?: boolean
}
execFileSync(process.execPath, ['node_modules/electron-vite/bin/electron-vite.js', 'build'], { stdio: 'ignore' })
const dir = 'out/renderer'
const manifest = JSON.parse(readFileSync(join(dir, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>
const gzipKb = (file: string) => gzipSync(readFileSync(join(dir, file)), { level: 9 }).length / 1024

/** The source files each chunk holds (.vite/chunk-modules.json, written by electron.vite.config.ts). */
const modules = JSON.parse(readFileSync(join(dir, '.vite/chunk-modules.json'), 'utf8')) as Record<string, string[]>
const holds = (k: string) => modules[manifest[k]!.file] ?? []

/** The manifest key of a source: its own entry, or the chunk that holds it (a module bundled into a shared chunk). */
function key(source: string): string {
  const found =
    Object.keys(manifest).find((k) => k === source || k.endsWith(`/${source}`)) ??
    Object.keys(manifest).find((k) => holds(k).some((file) => file.endsWith(`/${source}`)))
  if (!found) throw new Error(`the build has no chunk holding ${source}`)
  return found
}

/** The chunks `sources` load before they run: themselves and their static imports, transitively. */
function closure(sources: string[]): Set<string> {
  const seen = new Set<string>()
  const stack = sources.map(key)
  while (stack.length) {
    const k = stack.pop()!
    if (seen.has(k)) continue
    seen.add(k)
    stack.push(...(manifest[k]!.imports ?? []))
  }
  return seen
}

const sum = (keys: Iterable<string>) => [...keys].reduce((total, k) => total + gzipKb(manifest[k]!.file), 0)
const everything = sum(Object.keys(manifest).filter((k) => manifest[k]!.file.endsWith('.js')))

const ways = [
  {
    name: 'desk, first launch (Start)',
    target: targets.desk,
    sources: ['index.html', 'App.svelte', 'StartScreen.svelte']
  },
  {
    name: 'desk, later launches (Today)',
    target: targets.desk,
    sources: ['index.html', 'App.svelte', 'TodayScreen.svelte']
  },
  { name: 'kiosk', target: targets.kiosk, sources: ['index.html', 'KioskApp.svelte'] },
  // In a browser (web mode) the bridge script (window.api over the socket) loads before the desk.
  {
    name: 'desk in a browser, web mode (Today)',
    target: targets.desk,
    sources: ['bridge-client.ts', 'index.html', 'App.svelte', 'TodayScreen.svelte']
  }
]

let missed = 0
console.log(`whole renderer (baseline, every chunk): ${everything.toFixed(1)} kB gzip`)
for (const way of ways) {
  const chunks = closure(way.sources)
  const kb = sum(chunks)
  const ok = kb <= way.target
  if (!ok) missed++
  console.log(
    `${way.name}: ${kb.toFixed(1)} kB gzip in ${chunks.size} chunks, ${(kb / everything).toFixed(2)}× the whole ` +
      `(target ≤ ${way.target} kB) ${ok ? 'met' : 'MISSED'}`
  )
  if (way.name === 'kiosk') {
    const desk = [...chunks].filter((k) => /screens\/(?!kiosk\/)[A-Za-z]+Screen\.svelte$/.test(k))
    if (desk.length) {
      missed++
      console.log(`  the kiosk loads desk screens: ${desk.join(', ')} MISSED`)
    }
  }
}
// The kiosk's words (shared/i18n/messages/<area>/<language>.json): none among the chunks it loads
// before its first paint; each language of each area its own chunk, loaded when shown, so a kiosk in
// Spanish loads the Spanish words and no other language's. One exception, by design: the shared words'
// English (common/en.json, ~0.4 kB: Try again, Close) comes with the error notice, which must show
// without a chunk fetched later (test/packaging/kiosk-first-paint.test.ts), as an error can mean the
// service is gone.
const kioskChunks = closure(['index.html', 'KioskApp.svelte'])
const bundledWithErrors = 'src/shared/i18n/messages/common/en.json'
const words = [...kioskChunks].filter((k) =>
  holds(k).some((file) => file.includes('i18n/messages/') && file !== bundledWithErrors)
)
if (words.length) {
  missed++
  console.log(`  the kiosk's first chunks hold catalogues: ${words.join(', ')} MISSED`)
}
for (const language of ['en', 'de', 'fr', 'es']) {
  const own = ['kiosk', 'badge'].map((area) => key(`i18n/messages/${area}/${language}.json`))
  const loaded = closure(own)
  const others = [...loaded].filter((k) =>
    holds(k).some((file) => file.includes('i18n/messages/') && !file.endsWith(`/${language}.json`))
  )
  if (others.length) missed++
  console.log(
    `kiosk in ${language}: its words ${sum(loaded).toFixed(1)} kB gzip in ${loaded.size} chunks (` +
      `${[...loaded].map((k) => manifest[k]!.file).join(', ')}), ` +
      (others.length ? `other languages too: ${others.join(', ')} MISSED` : 'no other language')
  )
}
// The desk's screens: each screen's words in each language (English too) are chunks of their own, loaded
// with the screen's code in the desk's language (lib/i18n/area-words, screens/screen-modules). So a desk in
// German loads German words only — with the one exception the kiosk has too: the shared words' English
// (common/en.json) comes with the error notice, which must be able to speak with nothing more fetched.
for (const [screen, areas] of [
  ['StartScreen.svelte', ['shell', 'common', 'start']],
  ['TodayScreen.svelte', ['shell', 'common', 'today']],
  ['CardsScreen.svelte', ['shell', 'common', 'cards']]
] as const) {
  const inCode = [...closure(['index.html', 'App.svelte', screen])]
    .flatMap((k) => holds(k))
    .filter((file) => file.includes('i18n/messages/') && file !== bundledWithErrors)
  for (const language of ['en', 'de', 'fr', 'es']) {
    const loaded = closure(areas.map((area) => `i18n/messages/${area}/${language}.json`))
    const others = [...loaded].filter((k) =>
      holds(k).some((file) => file.includes('i18n/messages/') && !file.endsWith(`/${language}.json`))
    )
    if (others.length || inCode.length) missed++
    console.log(
      `desk ${screen.replace('.svelte', '')} in ${language}: its words ${sum(loaded).toFixed(1)} kB gzip, ` +
        (others.length
          ? `other languages in their chunks: ${others.join(', ')} MISSED`
          : 'no other language in their chunks') +
        (inCode.length ? `; catalogues in the screen's code: ${[...new Set(inCode)].join(', ')} MISSED` : '')
    )
  }
}
process.exit(missed ? 1 : 0)
