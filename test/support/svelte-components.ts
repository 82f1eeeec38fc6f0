import { readdirSync } from 'node:fs'
import { join } from 'node:path'

/**
 * For the static rules held over every component (a button's reason on the page, every send on a
 * SendButton): the renderer's `.svelte` files, and a walk over a component's AST as the Svelte compiler
 * gives it (`parse(source, { modern: true })`).
 */
export const rendererRoot = 'src/renderer/src'

export function svelteFiles(dir = rendererRoot): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return svelteFiles(path)
    return entry.name.endsWith('.svelte') ? [path] : []
  })
}

export interface AstNode {
  type?: string
  name?: string
  start?: number
  end?: number
  [key: string]: unknown
}

/** Every node under `node`, parents first; the compiler's back links and metadata are not followed. */
export function walkAst(node: unknown, each: (n: AstNode) => void): void {
  if (!node || typeof node !== 'object') return
  if (Array.isArray(node)) return node.forEach((n) => walkAst(n, each))
  const n = node as AstNode
  each(n)
  for (const [key, value] of Object.entries(n)) if (key !== 'parent' && key !== 'metadata') walkAst(value, each)
}
