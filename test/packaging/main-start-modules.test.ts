import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * Main's start loads only what every run needs: the packages of features a person may never use this
 * run — badge PDFs and QR codes, IPP printing and printer discovery, Excel rosters, CSV files, the built-in demo
 * console (Fastify and its certificate maker) — are loaded on first use by a dynamic `import()`, so
 * they are not in main's memory at start (bench/cards-filter.bench.ts prints main's RSS). Reads the
 * bundle in out/main (`npm test` builds first), following its chunks from the Electron and web-mode
 * entries: static imports only, then dynamic ones too.
 */
const outMain = join(fileURLToPath(new URL('../..', import.meta.url)), 'out/main')

const ON_FIRST_USE = [
  'pdfkit',
  'qrcode',
  'ipp',
  'bonjour-service',
  'read-excel-file',
  // CSV files (Import, rosters, the Audit's import rows): read by papaparse only when a file is read.
  'papaparse',
  'fastify',
  '@fastify/multipart',
  'selfsigned'
]

const staticImport = /^(?:import|export)\b[^'"]*?\bfrom\s*"([^"]+)"|^import\s*"([^"]+)"/gm
const dynamicImport = /\bimport\(\s*"([^"]+)"\s*\)/g
const packageName = (specifier: string) =>
  (specifier.startsWith('@') ? specifier.split('/').slice(0, 2) : specifier.split('/').slice(0, 1)).join('/')

/** The packages reached from `entry` through main's own chunks (bundle-local `./x.js` files). */
function packagesFrom(entry: string, followDynamic: boolean): Set<string> {
  const packages = new Set<string>()
  const seen = new Set<string>()
  const queue = [entry]
  while (queue.length > 0) {
    const file = queue.pop()!
    if (seen.has(file)) continue
    seen.add(file)
    const source = readFileSync(join(outMain, file), 'utf8')
    const specifiers = [...source.matchAll(staticImport)].map((m) => (m[1] ?? m[2])!)
    if (followDynamic) specifiers.push(...[...source.matchAll(dynamicImport)].map((m) => m[1]!))
    for (const specifier of specifiers) {
      if (specifier.startsWith('./')) queue.push(specifier.slice(2))
      else if (!specifier.startsWith('node:') && specifier !== 'electron') packages.add(packageName(specifier))
    }
  }
  return packages
}

describe("main's start loads no package of a feature used later", () => {
  it.each(['web.js', 'index.js'])('%s', (entry) => {
    const atStart = packagesFrom(entry, false)
    // The walk sees the packages main does load at start.
    expect(atStart).toContain('zod')
    expect(ON_FIRST_USE.filter((name) => atStart.has(name))).toEqual([])
  })

  it('each of them is still in the bundle, loaded on first use (the list above is not stale)', () => {
    const reached = new Set([...packagesFrom('web.js', true), ...packagesFrom('index.js', true)])
    expect(ON_FIRST_USE.filter((name) => !reached.has(name))).toEqual([])
  })
})
