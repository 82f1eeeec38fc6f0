// @vitest-environment node
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parse } from 'svelte/compiler'
import { svelteFiles, type AstNode } from '../../support/svelte-components'

/**
 * Why a button is off is written on the page (OffReason, or a note the button is described by), never
 * only in a `title` tooltip, which keyboard, touch and screen-reader users do not get. Held here for
 * every component: no <button> carries both `disabled` and `title`.
 */
type Node = AstNode & { attributes?: { type: string; name?: string }[] }

function buttonsWithTooltipReason(source: string): number[] {
  const ast = parse(source, { modern: true }) as unknown as Node
  const found: number[] = []
  const visit = (node: unknown): void => {
    if (!node || typeof node !== 'object') return
    if (Array.isArray(node)) return node.forEach(visit)
    const n = node as Node
    if (n.type === 'RegularElement' && n.name === 'button') {
      const names = new Set((n.attributes ?? []).map((a) => a.name))
      if (names.has('disabled') && names.has('title')) found.push(source.slice(0, n.start).split('\n').length)
    }
    for (const [key, value] of Object.entries(n)) if (key !== 'parent') visit(value)
  }
  visit(ast.fragment)
  return found
}

describe('a disabled button says why on the page', () => {
  const files = svelteFiles()
  it('finds the components', () => expect(files.length).toBeGreaterThan(50))
  it('no button keeps its reason in a tooltip only', () => {
    const offenders = files.flatMap((file) =>
      buttonsWithTooltipReason(readFileSync(file, 'utf8')).map((line) => `${file}:${line}`)
    )
    expect(offenders).toEqual([])
  })
  it('would catch one', () => {
    expect(buttonsWithTooltipReason('<button disabled={x} title="Needs edit:user">Go</button>')).toEqual([1])
  })
})
