import { describe, expect, it } from 'vitest'
import { RosterModel } from '../../../src/main/services/roster/roster-model'
import { resultsCsv } from '../../../src/main/services/roster/roster-results'
import type { RosterEntry } from '../../../src/main/services/roster/roster-entries'
import type { PlanRow } from '../../../src/shared/roster/sheet'
import { row } from './harness'

/**
 * The results export speaks the desk's language in every cell the app words, not only its headers
 * and yes/no: a person's type and a row's state too ("Benutzer", "erledigt; übersprungen: Karte").
 * English stays as it was (the export read back, the CLI).
 */
const at = '2026-11-29T10:00:00Z'
const ada = row(1, { type: 'user', id: 'u1', name: 'Ada Ng' }, { kind: 'none' }, { pin: true })
const bo: PlanRow = {
  ...row(2, { type: 'visitor', id: 'v1', name: 'Bo Li' }, { kind: 'import', nfcId: '04A1B2C3' }, { pin: true }),
  conflicts: [
    { kind: 'has-card', step: 'card', message: 'Bo Li already holds card 1.', overridable: true, decision: 'skip' }
  ]
}
const cy = row(3, { type: 'user', id: 'u2', name: 'Cy Eng' }, { kind: 'none' }, { pin: true })

function model(): RosterModel {
  const rows = [ada, bo, cy]
  const entries: RosterEntry[] = [
    {
      t: 'create',
      v: 1,
      meta: { id: 'r', fileName: 'people.csv', createdAt: at },
      sheet: { fileName: 'people.csv', headers: ['email'], rowCount: 3, sample: [], notes: [] },
      rows: rows.map((r) => [r.label]),
      lines: rows.map((r) => r.line)
    },
    { t: 'run', at, rows },
    { t: 'result', at, rowId: ada.rowId, step: 'pin', state: 'done' },
    { t: 'result', at, rowId: bo.rowId, step: 'pin', state: 'done' },
    { t: 'result', at, rowId: cy.rowId, step: 'pin', state: 'failed', reason: 'Refused.' }
  ]
  return RosterModel.replay(entries)
}

const cells = (line: string) => line.split(',')

describe('the roster results export in the desk’s language', () => {
  it('words the type and the state in German', () => {
    const [header, a, b, c] = resultsCsv(model(), 'de').text.replace('\ufeff', '').split('\r\n')
    expect(cells(header!).slice(2, 3)).toEqual(['Typ'])
    expect(cells(a!).slice(2, 3)).toEqual(['Benutzer'])
    expect(a).toContain(',erledigt,')
    expect(cells(b!).slice(2, 3)).toEqual(['Besucher'])
    expect(b).toContain(',erledigt; übersprungen: Karte,')
    expect(c).toContain(',fehlgeschlagen,')
    expect(`${a}${b}${c}`).not.toMatch(/,(user|visitor|done|failed),/)
  })

  it('words them in French and Spanish', () => {
    const fr = resultsCsv(model(), 'fr').text.split('\r\n')
    expect(fr[1]).toContain(',utilisateur,')
    expect(fr[2]).toContain(',fait ; ignoré : carte,')
    const es = resultsCsv(model(), 'es').text.split('\r\n')
    expect(es[2]).toContain(',visitante,')
    expect(es[3]).toContain(',fallido,')
  })

  it('keeps English as it was', () => {
    const en = resultsCsv(model()).text.split('\r\n')
    expect(en[1]).toContain(',user,')
    expect(en[2]).toContain('"done, card skipped"')
    expect(en[3]).toContain(',failed,')
  })
})

/**
 * A row naming nobody (no name, email or number) is "(no name) — line 7" in the export's Person
 * column, in the desk's language as the screens say it, never main's English "Line 7".
 */
describe('a row naming nobody in the results export', () => {
  const nobody: PlanRow = {
    rowId: 'r7',
    line: 7,
    label: 'Line 7',
    unnamed: true,
    match: { state: 'missing', reason: 'The row names nobody.' },
    card: { kind: 'none' },
    pin: true,
    touchPass: false,
    conflicts: []
  }
  const withNobody = () =>
    RosterModel.replay([
      {
        t: 'create',
        v: 1,
        meta: { id: 'r', fileName: 'people.csv', createdAt: at },
        sheet: { fileName: 'people.csv', headers: ['email'], rowCount: 2, sample: [], notes: [] },
        rows: [[ada.label], ['']],
        lines: [ada.line, 7]
      },
      { t: 'run', at, rows: [ada, nobody] },
      { t: 'result', at, rowId: ada.rowId, step: 'pin', state: 'done' }
    ])
  const person = (language?: 'de' | 'fr' | 'es') =>
    resultsCsv(withNobody(), language).text.split('\r\n')[2]!.split(',')[1]

  it('is "(no name) — line 7" in each of the four languages', () => {
    expect(person()).toBe('(no name) — line 7')
    expect(person('de')).toBe('(kein Name) — Zeile 7')
    expect(person('fr')).toBe('(sans nom) — ligne 7')
    expect(person('es')).toBe('(sin nombre) — línea 7')
  })

  it('keeps a named person as the plan read them', () => {
    expect(resultsCsv(withNobody(), 'de').text.split('\r\n')[1]!.split(',')[1]).toBe('Ada Ng')
  })
})
