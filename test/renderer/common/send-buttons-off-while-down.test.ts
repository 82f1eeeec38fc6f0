// @vitest-environment node
import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'svelte/compiler'
import { rendererRoot, svelteFiles, walkAst, type AstNode } from '../../support/svelte-components'

/**
 * Issue 31: a button whose click sends to main is off, with the shared reason shown, while web mode's
 * service is down — one mechanism, components/common/SendButton.svelte (FormFooter for a form's submit).
 *
 * The checkable rule, over every component: a plain `<button>` that sends is an offender. It sends when
 * its `onclick` reaches a `.run(` of a `new Task()` of its file — directly, or through the file's own
 * functions, followed to any depth — or a callback prop (`onconfirm`) that a parent fills with such a
 * send (followed across files), or when it submits a `<form>` whose `onsubmit` does. A SendButton is a
 * component, not a `<button>`, so it passes (FormFooter's submit is one). A `Lookup` (a read) is not a
 * send. Not seen: a button that calls a store's method straight, without a Task of its file.
 */
const root = rendererRoot
type Node = AstNode
const walk = walkAst

/** What one component file says about sending, for the rule below. */
interface Parsed {
  source: string
  ast: Node
  /** The relative .svelte files it imports, by the name it uses for each. */
  imports: Map<string, string>
  /** Does this code (an attribute's text) reach a send, given the props known to send? */
  sends: (code: string, sendingProps: Set<string>) => boolean
}

function parseComponent(file: string, source: string): Parsed {
  const ast = parse(source, { modern: true }) as unknown as Node
  const text = (n: { start?: number; end?: number }) => source.slice(n.start, n.end)
  const scripts = [ast['instance'], ast['module']].map((s) => (s as Node | null)?.['content'])
  // The file's tasks: `const x = new Task()` (a Task sends; a Lookup reads).
  const tasks = [...source.matchAll(/(?:const|let)\s+(\w+)\s*=\s*new Task\(/g)].map((m) => m[1]!)
  const runsTask = new RegExp(`\\b(?:${tasks.join('|') || '$^'})\\.run\\(`)
  // The file's functions, by name, with their bodies' text.
  const bodies = new Map<string, string>()
  walk(scripts, (n) => {
    if (n.type === 'FunctionDeclaration' && n['id']) bodies.set((n['id'] as Node).name!, text(n))
    if (n.type === 'VariableDeclarator' && (n['id'] as Node).type === 'Identifier') {
      const init = n['init'] as Node | null
      if (init && /Function/.test(init.type ?? '')) bodies.set((n['id'] as Node).name!, text(init))
    }
  })
  const imports = new Map<string, string>()
  for (const m of source.matchAll(/import\s+(\w+)\s+from\s+'(\.[^']+\.svelte)'/g))
    imports.set(m[1]!, join(dirname(file), m[2]!))
  const sends = (raw: string, sendingProps: Set<string>, seen = new Set<string>()): boolean => {
    // Names are matched in code, not in its quoted words (`task.failed === 'unbundle'` calls nothing).
    const code = raw.replace(/'[^'\n]*'|"[^"\n]*"/g, "''")
    if (runsTask.test(code)) return true
    // A callback prop that a parent fills with a send (`onconfirm`, `onupload`…) sends too.
    for (const prop of sendingProps) if (new RegExp(`\\b${prop}\\b`).test(code)) return true
    for (const [name, body] of bodies) {
      // The file's function `run`, not a method of that name (`checking.run(` of a Lookup reads).
      if (seen.has(name) || !new RegExp(`(?<![.\\w$])${name}\\b`).test(code)) continue
      seen.add(name)
      if (sends(body, sendingProps, seen)) return true
    }
    return false
  }
  return { source, ast, imports, sends }
}

/**
 * The callback props that are sends: `<Child onx={…}>` whose value reaches a send in the parent makes
 * `onx` a send in Child's file; followed through components that pass it on, until nothing changes.
 */
function sendingPropsOf(files: Map<string, Parsed>): Map<string, Set<string>> {
  const props = new Map<string, Set<string>>([...files.keys()].map((f) => [f, new Set<string>()]))
  for (let changed = true; changed;) {
    changed = false
    for (const [file, parsed] of files) {
      walk(parsed.ast['fragment'], (n) => {
        if (n.type !== 'Component') return
        const child = parsed.imports.get(n.name!)
        const known = child && props.get(child)
        if (!known) return
        for (const a of (n['attributes'] as Node[]) ?? []) {
          if (a.type !== 'Attribute' || !/^on[a-z]/.test(a.name ?? '') || known.has(a.name!)) continue
          if (parsed.sends(parsed.source.slice(a.start, a.end), props.get(file)!)) {
            known.add(a.name!)
            changed = true
          }
        }
      })
    }
  }
  return props
}

/**
 * The rule over one file: the line of every plain `<button>` that sends — its `onclick` reaches a send,
 * or it submits (type submit, or no type) a `<form>` whose `onsubmit` reaches one. A button that states
 * the rule by hand (reads `serviceLink` itself) is one too: one mechanism, not copies of it.
 */
function offendersIn(parsed: Parsed, sendingProps: Set<string>): number[] {
  const { source, ast } = parsed
  const text = (n: Node) => source.slice(n.start, n.end)
  const found: number[] = []
  const visit = (node: unknown, formSends: boolean): void => {
    if (!node || typeof node !== 'object') return
    if (Array.isArray(node)) return node.forEach((n) => visit(n, formSends))
    const n = node as Node
    const attributes = (n['attributes'] as Node[] | undefined) ?? []
    const attr = (name: string) => attributes.find((a) => a.name === name)
    if (n.type === 'RegularElement' && n.name === 'form') {
      const onsubmit = attr('onsubmit')
      formSends = !!onsubmit && parsed.sends(text(onsubmit), sendingProps)
    }
    if (n.type === 'RegularElement' && n.name === 'button') {
      const onclick = attr('onclick')
      const type = attr('type')
      const submits = !type || /"submit"|'submit'|=submit/.test(text(type))
      if ((onclick && parsed.sends(text(onclick), sendingProps)) || (formSends && submits))
        found.push(source.slice(0, n.start).split('\n').length)
    }
    for (const [key, value] of Object.entries(n)) if (key !== 'parent' && key !== 'metadata') visit(value, formSends)
  }
  visit(ast['fragment'], false)
  return found
}

/** The offenders among these sources, as `file:line`. */
export function sendButtonsWithoutMechanism(sources: Record<string, string>): string[] {
  const files = new Map(Object.entries(sources).map(([file, source]) => [file, parseComponent(file, source)]))
  const props = sendingPropsOf(files)
  return [...files].flatMap(([file, parsed]) => offendersIn(parsed, props.get(file)!).map((line) => `${file}:${line}`))
}

describe('every button that sends is off while the service is down (SendButton)', () => {
  const files = svelteFiles(root)
  it('finds the components', () => expect(files.length).toBeGreaterThan(50))
  it('no plain <button> sends without the mechanism, in any component', { timeout: 60_000 }, () => {
    // SendButton's own <button> is the mechanism: its click is whatever its caller gives it.
    const checked = files.filter((f) => !f.endsWith('common/SendButton.svelte'))
    const offenders = sendButtonsWithoutMechanism(Object.fromEntries(checked.map((f) => [f, readFileSync(f, 'utf8')])))
    expect(offenders).toEqual([])
  })
  it('would catch one, through a function', () => {
    const source = `<script>const task = new Task()\nfunction go() { save() }\nconst save = async () => task.run(() => 1)</script>\n<button onclick={go}>Go</button>`
    expect(sendButtonsWithoutMechanism({ 'a/X.svelte': source })).toEqual(['a/X.svelte:4'])
  })
  it('would catch a form’s submit button, and one hand-made with serviceLink', () => {
    const source = `<script>const task = new Task()\nfunction save(e) { task.run(() => 1) }</script>
<form onsubmit={save}><input /><button>Save</button><button type="button">Clear</button></form>
<button aria-disabled={serviceLink.down} onclick={save}>Save</button>`
    expect(sendButtonsWithoutMechanism({ 'a/X.svelte': source })).toEqual(['a/X.svelte:3', 'a/X.svelte:4'])
  })
  it('would catch a button of a child component whose callback prop the parent fills with a send', () => {
    const parent = `<script>import Ask from './Ask.svelte'\nconst task = new Task()</script>
<Ask onconfirm={() => task.run(() => 1)} oncancel={() => 1} />`
    const child = `<script>let { onconfirm, oncancel } = $props()</script>
<button onclick={oncancel}>Cancel</button>
<button onclick={() => onconfirm()}>Delete</button>`
    expect(sendButtonsWithoutMechanism({ 'a/Parent.svelte': parent, 'a/Ask.svelte': child })).toEqual([
      'a/Ask.svelte:3'
    ])
  })
  it('lets a SendButton and a read pass', () => {
    const source = `<script>const task = new Task(); const find = new Lookup()\nfunction go() { task.run(() => 1) }</script>
<SendButton onclick={go}>Go</SendButton><button onclick={() => find.run(() => 1)}>Find</button>
<form onsubmit={go}><SendButton type="submit">Save</SendButton></form>`
    expect(sendButtonsWithoutMechanism({ 'a/X.svelte': source })).toEqual([])
  })
})
