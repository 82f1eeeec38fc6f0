import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parse } from 'svelte/compiler'

/**
 * Issue 31: a button whose click sends to main is off, with the shared reason shown, while web mode's
 * service is down — one mechanism, components/common/SendButton.svelte (FormFooter for a form's submit).
 *
 * The checkable rule, over every component: a plain `<button>` whose `onclick` reaches a `.run(` of a
 * `new Task()` of the same file — directly, or through the file's own functions, followed to any depth
 * — is an offender. A SendButton is a component, not a `<button>`, so it passes; so does a `<button>`
 * that states the rule by hand (an attribute that reads `serviceLink`). A `Lookup` (a read) is not a send.
 */
const root = 'src/renderer/src'

function svelteFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return svelteFiles(path)
    return entry.name.endsWith('.svelte') ? [path] : []
  })
}

interface Node {
  type?: string
  name?: string
  start?: number
  end?: number
  [key: string]: unknown
}

function walk(node: unknown, each: (n: Node) => void): void {
  if (!node || typeof node !== 'object') return
  if (Array.isArray(node)) return node.forEach((n) => walk(n, each))
  const n = node as Node
  each(n)
  for (const [key, value] of Object.entries(n)) if (key !== 'parent' && key !== 'metadata') walk(value, each)
}

export function sendButtonsWithoutMechanism(source: string): number[] {
  const ast = parse(source, { modern: true }) as unknown as Node
  const text = (n: { start?: number; end?: number }) => source.slice(n.start, n.end)
  const script = (ast['instance'] as Node | null)?.['content'] as Node | undefined
  // The file's tasks: `const x = new Task()` (a Task sends; a Lookup reads).
  const tasks = [...source.matchAll(/(?:const|let)\s+(\w+)\s*=\s*new Task\(/g)].map((m) => m[1]!)
  const runsTask = new RegExp(`\\b(?:${tasks.join('|') || '$^'})\\.run\\(`)
  // The file's functions, by name, with their bodies' text.
  const bodies = new Map<string, string>()
  walk(script, (n) => {
    if (n.type === 'FunctionDeclaration' && n['id']) bodies.set((n['id'] as Node).name!, text(n))
    if (n.type === 'VariableDeclarator' && (n['id'] as Node).type === 'Identifier') {
      const init = n['init'] as Node | null
      if (init && /Function/.test(init.type ?? '')) bodies.set((n['id'] as Node).name!, text(init))
    }
  })
  const sends = (code: string, seen = new Set<string>()): boolean => {
    if (runsTask.test(code)) return true
    for (const [name, body] of bodies) {
      if (seen.has(name) || !new RegExp(`\\b${name}\\b`).test(code)) continue
      seen.add(name)
      if (sends(body, seen)) return true
    }
    return false
  }
  const found: number[] = []
  walk(ast['fragment'], (n) => {
    if (n.type !== 'RegularElement' || n.name !== 'button') return
    const attributes = (n['attributes'] as Node[]) ?? []
    if (attributes.some((a) => /serviceLink/.test(text(a)))) return
    const onclick = attributes.find((a) => a.name === 'onclick')
    if (onclick && sends(text(onclick))) found.push(source.slice(0, n.start).split('\n').length)
  })
  return found
}

describe('every button that sends is off while the service is down (SendButton)', () => {
  const files = svelteFiles(root)
  it('finds the components', () => expect(files.length).toBeGreaterThan(50))
  it('no plain <button> sends without the mechanism', { timeout: 60_000 }, () => {
    const offenders = files.flatMap((file) =>
      sendButtonsWithoutMechanism(readFileSync(file, 'utf8')).map((line) => `${file}:${line}`)
    )
    expect(offenders).toEqual([])
  })
  it('would catch one, through a function', () => {
    const source = `<script>const task = new Task()\nfunction go() { save() }\nconst save = async () => task.run(() => 1)</script>\n<button onclick={go}>Go</button>`
    expect(sendButtonsWithoutMechanism(source)).toEqual([4])
  })
  it('lets a SendButton, a read and a hand-made rule pass', () => {
    const source = `<script>const task = new Task(); const find = new Lookup()\nfunction go() { task.run(() => 1) }</script>
<SendButton onclick={go}>Go</SendButton><button onclick={() => find.run(() => 1)}>Find</button>
<button aria-disabled={serviceLink.down} onclick={go}>Go</button>`
    expect(sendButtonsWithoutMechanism(source)).toEqual([])
  })
})
