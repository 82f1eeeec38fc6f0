import { describe, expect, it } from 'vitest'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative, sep } from 'node:path'

/** The import rules of the architecture doc, checked on every source file. */
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? files(path) : /\.(ts|svelte)$/.test(name) ? [path] : []
  })
}

const sources = files('src').map((path) => {
  const text = readFileSync(path, 'utf8')
  const imports = [
    ...text.matchAll(
      /(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)/g
    )
  ].map((m) => m[1] ?? m[2] ?? m[3]!)
  return { path: relative('.', path).split(sep).join('/'), imports, text }
})

const importsOf = (prefix: string) => sources.filter((s) => s.path.startsWith(prefix))

describe('import rules', () => {
  it('only src/main/electron/, src/main/index.ts and src/preload/index.ts import electron', () => {
    const offenders = sources
      .filter((s) => s.imports.some((i) => i === 'electron' || i === 'electron-store'))
      .map((s) => s.path)
      .filter((p) => !p.startsWith('src/main/electron/') && p !== 'src/main/index.ts' && p !== 'src/preload/index.ts')
    expect(offenders).toEqual([])
  })

  it('src/shared imports nothing of ours outside shared, and no node: modules', () => {
    const offenders = importsOf('src/shared/').flatMap((s) =>
      s.imports
        .filter(
          (i) =>
            i.startsWith('node:') ||
            i === 'electron' ||
            (i.startsWith('.') && !join(s.path, '..', i).startsWith('src/shared'))
        )
        .map((i) => `${s.path} → ${i}`)
    )
    expect(offenders).toEqual([])
  })

  it('the renderer never imports main, and no node: modules', () => {
    const offenders = importsOf('src/renderer/').flatMap((s) =>
      s.imports
        .filter((i) => i.startsWith('node:') || (i.startsWith('.') && join(s.path, '..', i).startsWith('src/main')))
        .map((i) => `${s.path} → ${i}`)
    )
    expect(offenders).toEqual([])
  })

  it('in the renderer only stores (and lib/api.ts) reach the bridge: components and screens call stores', () => {
    const offenders = importsOf('src/renderer/')
      .filter((s) => !s.path.startsWith('src/renderer/src/stores/') && s.path !== 'src/renderer/src/lib/api.ts')
      .filter((s) => /\bgetApi\b/.test(s.text))
      .map((s) => s.path)
    expect(offenders).toEqual([])
  })

  it('services never import the renderer', () => {
    const offenders = importsOf('src/main/services/').flatMap((s) =>
      s.imports
        .filter((i) => i.startsWith('.') && join(s.path, '..', i).startsWith('src/renderer'))
        .map((i) => `${s.path} → ${i}`)
    )
    expect(offenders).toEqual([])
  })

  it('nfc-pcsc is imported only by the reader host', () => {
    const offenders = sources
      .filter((s) => s.imports.includes('nfc-pcsc'))
      .map((s) => s.path)
      .filter((p) => !p.startsWith('src/main/services/reader/'))
    expect(offenders).toEqual([])
  })

  it('the preload entry imports only electron and its own bundle-local modules', () => {
    const preload = sources.find((s) => s.path === 'src/preload/index.ts')!
    expect(preload.imports.filter((i) => !i.startsWith('.'))).toEqual(['electron'])
  })
})
