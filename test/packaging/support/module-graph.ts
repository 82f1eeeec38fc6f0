import { builtinModules } from 'node:module'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'

/**
 * A static walk of what a set of entry files imports, resolved inside one directory (an extracted
 * app.asar) the way Node would resolve them there: relative files, packages found by walking up
 * node_modules, `exports` maps (both `import` and `require` branches: either may run) and `main`.
 * Specifiers are read with regular expressions, so a specifier in a comment counts as an import:
 * the walk errs towards "reached", never towards "not needed".
 */
export interface ModuleGraph {
  /** Files reached, relative to the root, with '/' separators. */
  files: Set<string>
  /** Package directories reached (`node_modules/a`, `node_modules/@s/b`, nested ones too). */
  packages: Set<string>
  /** Imports that resolve to nothing inside the root. */
  unresolved: { specifier: string; from: string }[]
}

const builtins = new Set([...builtinModules, ...builtinModules.map((m) => `node:${m}`)])
const patterns = [
  /\brequire\s*\(\s*(['"])([^'"\n]+)\1\s*\)/g,
  /\bimport\s*\(\s*(['"])([^'"\n]+)\1\s*\)/g,
  /\b(?:import|export)\s*(?:type\s+)?[\w$*{}\s,]*?\bfrom\s*(['"])([^'"\n]+)\1/g,
  // A bare `import 'x'` is a statement: it starts a line or follows `;`/`}`. Not the end of a path
  // inside a string ("/nfc_cards/import"), nor the word itself (`kind === "import"`), nor prose in a
  // comment the bundle keeps ("an import's cards (500 a part) only where the filter's").
  /(?<=^|[;}])[ \t]*import\s*(['"])([^'"\n]+)\1/gm
]

// `import('./types').Options` in a JSDoc type is a type, not a load; `import('x').then(…)` is a load.
const typeUse = /^\s*(?:\.\s*(?!then\b|catch\b|finally\b)[A-Za-z_$]|[}|>[\]])/

export function specifiersOf(source: string): string[] {
  const found = new Set<string>()
  for (const pattern of patterns)
    for (const m of source.matchAll(pattern)) {
      if (
        m[0].startsWith('import') &&
        m[0].includes('(') &&
        typeUse.test(source.slice(m.index + m[0].length, m.index + m[0].length + 40))
      )
        continue
      found.add(m[2] as string)
    }
  return [...found]
}

const isFile = (path: string) => existsSync(path) && statSync(path).isFile()

function asFile(path: string): string | undefined {
  for (const candidate of [path, `${path}.js`, `${path}.json`, `${path}.node`, `${path}.cjs`, `${path}.mjs`])
    if (isFile(candidate)) return candidate
  if (existsSync(path) && statSync(path).isDirectory()) {
    const pkgFile = join(path, 'package.json')
    if (isFile(pkgFile)) {
      const main = (JSON.parse(readFileSync(pkgFile, 'utf8')) as { main?: string }).main
      if (main) {
        const target = asFile(join(path, main))
        if (target) return target
      }
    }
    for (const index of ['index.js', 'index.json', 'index.node', 'index.cjs', 'index.mjs'])
      if (isFile(join(path, index))) return join(path, index)
  }
  return undefined
}

type Exports = string | null | Exports[] | { [key: string]: Exports }

/** Every target a conditional `exports` value can pick under Node (import or require). */
function conditionalTargets(value: Exports, conditions: string[]): string[] {
  if (value === null) return []
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap((v) => conditionalTargets(v, conditions)).slice(0, 1)
  for (const [key, inner] of Object.entries(value))
    if (conditions.includes(key)) return conditionalTargets(inner, conditions)
  return []
}

function exportTargets(exportsField: Exports, subpath: string): string[] {
  const map: Record<string, Exports> =
    typeof exportsField === 'object' &&
    exportsField !== null &&
    !Array.isArray(exportsField) &&
    Object.keys(exportsField).some((k) => k.startsWith('.'))
      ? exportsField
      : { '.': exportsField }
  const targets: string[] = []
  for (const conditions of [
    ['node', 'import', 'module-sync', 'default'],
    ['node', 'require', 'default']
  ]) {
    const exact = map[subpath]
    if (exact !== undefined) {
      targets.push(...conditionalTargets(exact, conditions))
      continue
    }
    for (const [key, value] of Object.entries(map)) {
      const star = key.indexOf('*')
      if (star < 0) continue
      const [before, after] = [key.slice(0, star), key.slice(star + 1)]
      if (subpath.startsWith(before) && subpath.endsWith(after) && subpath.length >= key.length - 1) {
        const middle = subpath.slice(before.length, subpath.length - after.length)
        targets.push(...conditionalTargets(value, conditions).map((t) => t.replaceAll('*', middle)))
      }
    }
  }
  return [...new Set(targets)]
}

function packageDir(root: string, from: string, name: string): string | undefined {
  let dir = dirname(from)
  for (;;) {
    const candidate = join(dir, 'node_modules', name)
    if (existsSync(join(candidate, 'package.json'))) return candidate
    if (dir === root || !dir.startsWith(root)) return undefined
    dir = dirname(dir)
  }
}

/** Files a specifier resolves to from `from` inside `root` (several when import and require differ). */
export function resolveInside(root: string, from: string, specifier: string): string[] {
  if (specifier.startsWith('.') || specifier.startsWith('/')) {
    const target = asFile(specifier.startsWith('/') ? join(root, specifier) : join(dirname(from), specifier))
    return target ? [target] : []
  }
  const parts = specifier.split('/')
  const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] as string)
  const dir = packageDir(root, from, name)
  if (!dir) return []
  const sub = specifier.slice(name.length)
  const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { exports?: Exports }
  if (pkg.exports !== undefined)
    return exportTargets(pkg.exports, `.${sub}`)
      .map((t) => asFile(join(dir, t)))
      .filter((t): t is string => t !== undefined)
  const target = asFile(join(dir, sub))
  return target ? [target] : []
}

const packageOf = (path: string) => /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)/.exec(path)?.[1]

/** An import the regular expressions cannot see (a specifier held in a variable), stated by the caller. */
export interface DynamicImport {
  from: string
  specifier: string
}

/**
 * Walks from `entries` (paths relative to root) plus the stated dynamic imports; `external` names modules
 * the runtime itself provides.
 */
export function walkModules(
  root: string,
  entries: string[],
  dynamic: DynamicImport[] = [],
  external: string[] = ['electron']
): ModuleGraph {
  const graph: ModuleGraph = { files: new Set(), packages: new Set(), unresolved: [] }
  const rel = (p: string) => relative(root, p).split(sep).join('/')
  const queue = entries.map((e) => join(root, e))
  for (const { from, specifier } of dynamic) {
    const targets = resolveInside(root, join(root, from), specifier)
    if (targets.length === 0) graph.unresolved.push({ specifier, from })
    queue.push(...targets)
  }
  while (queue.length > 0) {
    const file = queue.pop() as string
    const name = rel(file)
    if (graph.files.has(name)) continue
    graph.files.add(name)
    const pkg = packageOf(name)
    if (pkg) graph.packages.add(pkg)
    if (!/\.(c|m)?js$/.test(file)) continue
    for (const specifier of specifiersOf(readFileSync(file, 'utf8'))) {
      if (builtins.has(specifier) || external.includes(specifier)) continue
      const targets = resolveInside(root, file, specifier)
      if (targets.length === 0) graph.unresolved.push({ specifier, from: name })
      queue.push(...targets)
    }
  }
  return graph
}
