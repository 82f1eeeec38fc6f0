import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

/**
 * The README's "Dependencies and what each is for" table names every package package.json installs,
 * each with its job, and names none that is not installed: a package added or removed changes the table.
 */
describe("the README's dependency table", () => {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as Record<string, Record<string, string> | undefined>
  const installed = Object.keys({ ...pkg['dependencies'], ...pkg['devDependencies'], ...pkg['optionalDependencies'] })

  const readme = readFileSync('README.md', 'utf8')
  const section = readme.split(/^## Dependencies and what each is for$/m)[1]?.split(/^## /m)[0] ?? ''
  const rows = section
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line))
    .slice(1) // the header
    .map((line) => line.split('|').map((c) => c.trim()))
    .map(([, names = '', job = '']) => ({
      names: names
        .replace(/\([^)]*\)/g, '')
        .split(/,\s*/)
        .map((n) => n.trim()),
      job
    }))

  it('has the table', () => {
    expect(rows.length).toBeGreaterThan(10)
  })

  it('names every installed package, each with what it is for', () => {
    const listed = new Map(rows.flatMap((r) => r.names.map((n) => [n, r.job] as const)))
    expect(installed.filter((name) => !listed.get(name))).toEqual([])
  })

  it('names no package that is not installed (Node built-ins aside)', () => {
    const names = rows.flatMap((r) => r.names).filter((n) => n && !n.startsWith('node:'))
    expect(names.filter((n) => !installed.includes(n))).toEqual([])
  })
})
