import { describe, expect, it } from 'vitest'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'

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

/** Our imports (type-only ones too: they tie the files as much), as the files they resolve to. */
const known = new Set(sources.map((s) => s.path))
const fileGraph = new Map(
  sources.map((s) => [
    s.path,
    s.imports
      .filter((i) => i.startsWith('.'))
      .map((i) => join(dirname(s.path), i).split(sep).join('/'))
      .flatMap((base) => [base, `${base}.ts`, `${base}/index.ts`].find((c) => known.has(c)) ?? [])
  ])
)

/**
 * The rooms of the architecture doc; a file belongs to the first that holds it.
 *
 *   src/shared/        runs anywhere (no node:, no electron, no DOM)
 *   src/node/          plain Node helpers both main and the demo console use (atomic files); imports nothing of ours
 *   src/main/electron/ the only main-process room importing electron
 *   src/main/handlers  one thin file per namespace: parse → service → result
 *   src/main/services/ plain Node, every rule; never the demo console (the entries hand it a starter)
 *   src/main/          entries: index.ts (Electron), cli.ts; handlers.ts
 *   src/preload/, src/renderer/, src/demo-console/, src/web/
 */
const rooms = [
  'src/shared/',
  'src/node/',
  'src/main/electron/',
  'src/main/handlers',
  'src/main/services/',
  'src/main/',
  'src/preload/',
  'src/renderer/',
  'src/demo-console/',
  'src/web/'
]
const roomOf = (path: string) => rooms.find((r) => path.startsWith(r)) ?? path
const roomGraph = new Map<string, string[]>()
for (const [file, deps] of fileGraph) {
  const from = roomOf(file)
  const to = new Set([...(roomGraph.get(from) ?? []), ...deps.map(roomOf).filter((r) => r !== from)])
  roomGraph.set(from, [...to])
}

/**
 * The import cycles of a graph: its strongly connected components of more than one node (or a node
 * importing itself), each sorted and joined with " ↔ " (Tarjan's algorithm, a depth-first search).
 */
function cycles(graph: Map<string, string[]>): string[] {
  let next = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[] = []
  const visit = (v: string) => {
    index.set(v, next)
    low.set(v, next++)
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!))
    }
    if (low.get(v) !== index.get(v)) return
    const component: string[] = []
    let w: string
    do {
      w = stack.pop()!
      onStack.delete(w)
      component.push(w)
    } while (w !== v)
    if (component.length > 1 || graph.get(v)?.includes(v)) found.push(component.sort().join(' ↔ '))
  }
  for (const v of graph.keys()) if (!index.has(v)) visit(v)
  return found.sort()
}

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

  it('services never import the demo console; it imports only shared and src/node; src/node imports nothing of ours', () => {
    const ours = (s: { path: string }, i: string) => join(s.path, '..', i).split(sep).join('/')
    const offenders = [
      ...importsOf('src/main/services/').flatMap((s) =>
        s.imports
          .filter((i) => i.startsWith('.') && ours(s, i).startsWith('src/demo-console'))
          .map((i) => `${s.path} → ${i}`)
      ),
      ...importsOf('src/demo-console/').flatMap((s) =>
        s.imports
          .filter((i) => i.startsWith('.') && !/^src\/(shared|node|demo-console)\//.test(ours(s, i) + '/'))
          .map((i) => `${s.path} → ${i}`)
      ),
      ...importsOf('src/node/').flatMap((s) =>
        s.imports.filter((i) => i.startsWith('.') && !ours(s, i).startsWith('src/node/')).map((i) => `${s.path} → ${i}`)
      )
    ]
    expect(offenders).toEqual([])
  })

  it('nfc-pcsc is imported only by the reader host', () => {
    const offenders = sources
      .filter((s) => s.imports.includes('nfc-pcsc'))
      .map((s) => s.path)
      .filter((p) => !p.startsWith('src/main/services/reader/'))
    expect(offenders).toEqual([])
  })

  it('no import cycles between files of src/', () => {
    expect(cycles(fileGraph)).toEqual([])
  })

  it('no import cycles between the rooms of src/', () => {
    expect(cycles(roomGraph)).toEqual([])
  })

  it('the cycle check finds a cycle, a self-import and none where there is none', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']]
    ])
    expect(cycles(graph)).toEqual(['a ↔ b ↔ c', 'e'])
    expect(
      cycles(
        new Map([
          ['a', ['b']],
          ['b', []]
        ])
      )
    ).toEqual([])
  })

  it('the preload entry imports only electron and its own bundle-local modules', () => {
    const preload = sources.find((s) => s.path === 'src/preload/index.ts')!
    expect(preload.imports.filter((i) => !i.startsWith('.'))).toEqual(['electron'])
  })
})
