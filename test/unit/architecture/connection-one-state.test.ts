import { describe, expect, it } from 'vitest'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'

/**
 * The one connection state is read through its one place each: the sidebar's line through
 * `connectionNow` (stores/connection-now), never beside it from `connection.reach` or the service link;
 * a store or screen hears "Connected again" through `recheckKeysWhenBack` (stores/screen-keys) or
 * `rereadWhenBack` (lib/reread-when-back), never with a copy of its own.
 */
const renderer = join(process.cwd(), 'src/renderer/src')

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return sources(path)
    return /\.(ts|svelte)$/.test(e.name) ? [path] : []
  })
}
/** The code of a file without its comments (a comment may name what the code must not do). */
const code = (file: string) =>
  readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/^\s*\/\/.*$/gm, '')

describe('the one connection state, read through one place', () => {
  it('the sidebar’s line reads connectionNow only', () => {
    const line = code(join(renderer, 'components/ConsoleReachLine.svelte'))
    expect(line).toContain('connectionNow()')
    expect(line).not.toMatch(/connection\.reach\b/)
    expect(line).not.toMatch(/serviceLink\.(down|status)\b/)
  })

  it('only the shared hooks hear the console come back', () => {
    const allowed = ['stores/screen-keys.svelte.ts', 'lib/reread-when-back.ts']
    const hearing = sources(renderer)
      .filter((file) => /\bconnection\.onBack\(/.test(code(file)))
      .map((file) => relative(renderer, file))
    expect(hearing.sort()).toEqual(allowed.sort())
  })
})
