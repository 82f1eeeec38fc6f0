import { describe, expect, it } from 'vitest'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

/**
 * Every renderer chunk begins with Chromium's compile hint (electron.vite.config.ts, compileHint): V8
 * reads it only before any code, and both the minifier and vite's preload map would otherwise come
 * first. Reads the build in out/ (`npm test` builds first).
 */
const dir = join(fileURLToPath(new URL('../..', import.meta.url)), 'out/renderer')
const chunks = [
  'web-bridge.js',
  ...readdirSync(join(dir, 'assets'))
    .filter((file) => file.endsWith('.js'))
    .map((file) => `assets/${file}`)
]

describe("the renderer's chunks", () => {
  it('are minified and each begins with the compile hint, those with a preload map too', () => {
    expect(chunks.length).toBeGreaterThan(20)
    const withoutHint = chunks.filter(
      (file) => !readFileSync(join(dir, file), 'utf8').startsWith('//# allFunctionsCalledOnLoad\n')
    )
    expect(withoutHint).toEqual([])
    // Among them chunks that import others on demand (vite's preload map), the case the hint's order is for.
    expect(chunks.some((file) => readFileSync(join(dir, file), 'utf8').includes('__vite__mapDeps'))).toBe(true)
    // Minified: no chunk keeps the source's comments (a file path comment marked each module unminified).
    expect(chunks.filter((file) => /^\/\/ src\//m.test(readFileSync(join(dir, file), 'utf8')))).toEqual([])
  })
})
