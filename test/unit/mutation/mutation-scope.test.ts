import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { basename, dirname, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { PartialStrykerOptions } from '@stryker-mutator/api/core'
import { describe, expect, it } from 'vitest'
import mutationVitest from '../../../vitest.mutation.config'

// The config Stryker reads (a plain .mjs module, typed by Stryker's own options type).
const stryker = (
  (await import(pathToFileURL(resolve('stryker.config.mjs')).href)) as { default: PartialStrykerOptions }
).default

/** A pattern's `{a,b}` list as the names it stands for; a pattern without one stands for itself. */
function alternatives(pattern: string): string[] {
  const list = /^(.*)\{([^{}]+)\}(.*)$/.exec(pattern)
  if (!list) return [pattern]
  const [, head = '', parts = '', tail = ''] = list
  return parts.split(',').map((part) => `${head}${part}${tail}`)
}

/**
 * The files one include pattern of vitest.mutation.config.ts names. The patterns use one `{a,b}` list or a
 * `*` in the file name only, so this expands exactly those two forms (and says so when it meets another).
 */
function filesOf(pattern: string): string[] {
  const names = alternatives(pattern)
  if (names.length > 1) return names.flatMap(filesOf)
  if (!pattern.includes('*')) return existsSync(pattern) ? [pattern] : []
  const dir = dirname(pattern)
  if (dir.includes('*')) throw new Error(`a pattern with a wildcard folder is not expanded here: ${pattern}`)
  const name = new RegExp(`^${basename(pattern).replace(/\./g, '\\.').replace(/\*/g, '[^/]*')}$`)
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => name.test(f))
        .map((f) => `${dir}/${f}`)
    : []
}

describe('the mutation scope', () => {
  // A path Stryker cannot find is silently left out: a module that moved would leave the run unnoticed.
  it('mutates files that exist, each once', () => {
    const mutate = stryker.mutate ?? []
    expect(mutate.length).toBeGreaterThan(0)
    expect(mutate.filter((file) => !file || !existsSync(file))).toEqual([])
    expect(new Set(mutate).size).toBe(mutate.length)
  })

  // A test file renamed or moved out of a pattern would lower the score without saying why.
  it('runs test files that exist: every name in vitest.mutation.config.ts names a file', () => {
    const include = mutationVitest.test?.include ?? []
    expect(include.length).toBeGreaterThan(0)
    const missing = include.flatMap((pattern) => alternatives(pattern).filter((name) => filesOf(name).length === 0))
    expect(missing).toEqual([])
  })

  // The README's testing guide states the threshold CI breaks on; the config is what Stryker and the score use.
  it('breaks below the threshold docs/testing.md states', () => {
    const threshold = stryker.thresholds?.break
    expect(threshold).toBeTypeOf('number')
    expect(readFileSync('docs/testing.md', 'utf8')).toContain(`below ${threshold} %`)
  })
})
