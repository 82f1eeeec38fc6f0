import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { endpoints } from '../../../src/shared/access/endpoints'

/**
 * docs/console-endpoints.md is the readable form of src/shared/access/endpoints.ts (the table the app
 * takes its "needs edit:credential" and "needs Access 3.2.20" messages from): every endpoint the app
 * calls has its row, with the same method, path, permission key and minimum version.
 */
describe('the console endpoints document', () => {
  const rows = new Map(
    readFileSync('docs/console-endpoints.md', 'utf8')
      .split('\n')
      .filter((line) => /^\|\s*(E\d+|§[\d.]+)\s*\|/.test(line))
      .map((line) => {
        const cells = line
          .split('|')
          .slice(1, -1)
          .map((c) => c.trim().replace(/`/g, ''))
        return [cells[0]!, cells] as const
      })
  )

  it('has a row for every endpoint the app calls, as the code declares it', () => {
    const wrong = Object.values(endpoints).flatMap((e) => {
      const row = rows.get(e.id)
      if (!row) return [`${e.id} ${e.title}: no row`]
      const [, , method, path, permission, min] = row
      const want = [e.method, e.path, e.permission, e.minVersion ?? '—']
      const got = [method, path, permission, min]
      return want.every((w, i) => w === got[i])
        ? []
        : [`${e.id}: the doc says ${got.join(' ')}, the code ${want.join(' ')}`]
    })
    expect(wrong).toEqual([])
  })

  it('has no row for an endpoint the app does not declare', () => {
    const declared = new Set(Object.values(endpoints).map((e) => e.id))
    expect([...rows.keys()].filter((id) => !declared.has(id))).toEqual([])
  })
})
