import { describe, expect, it } from 'vitest'
import { auditCsv } from '../../../src/main/services/audit/audit-csv'
import type { AuditRow } from '../../../src/shared/audit/schemas'

const base = {
  at: '2026-03-04T05:06:07.000Z',
  console: { name: 'Lobby', url: 'https://10.0.0.2:12445' },
  desk: { user: 'desk1', host: 'reception-pc' },
  outcome: 'ok'
} as const

/** The CSV as a list of records by header (no cell here holds a comma or a quote). */
const records = (csv: string) => {
  const [header, ...lines] = csv
    .replace(/^\ufeff/, '')
    .split('\r\n')
    .filter(Boolean)
  const names = header!.split(',')
  return lines.map((l) => Object.fromEntries(l.split(',').map((cell, i) => [names[i]!, cell])))
}

describe('the audit CSV names cards and Touch Passes as the screens do', () => {
  it("a card row gives the card's alias and names the card as the target; a pass row gives the pass's name", () => {
    const rows: AuditRow[] = [
      {
        ...base,
        id: 'r1',
        action: 'delete',
        endpoint: { id: 'E7', title: 'Delete an NFC card' },
        target: { kind: 'NFC card', id: 'tok-1' },
        card: { token: 'tok-1', number: '100013', alias: 'Mateo desk', owner: { kind: 'user', name: 'Omar Okafor' } }
      },
      {
        ...base,
        id: 'r2',
        action: 'update',
        endpoint: { id: 'E12', title: 'Update a Touch Pass' },
        target: { kind: 'Touch Pass', id: 'p-1' },
        touchPass: { id: 'p-1', cardId: '057B-D703-0001', name: 'Lobby spare', holder: 'Ada Ng' },
        detail: 'renamed "Spare" → "Lobby spare"'
      },
      {
        ...base,
        id: 'r3',
        action: 'assign',
        endpoint: { id: '§3.25', title: 'Assign a Touch Pass' },
        target: { kind: 'user', id: 'u-1', name: 'Ada Ng' },
        touchPass: { id: 'p-1', cardId: '057B-D703-0001', name: 'Lobby spare', holder: 'Ada Ng' }
      }
    ]
    const [card, pass, assign] = records(auditCsv(rows, 'UTC'))
    expect(card).toMatchObject({
      'target name': 'Card 100013 (Mateo desk)',
      'card number': '100013',
      'card alias': 'Mateo desk',
      'card owner': 'Omar Okafor (user)'
    })
    expect(pass).toMatchObject({
      'target name': 'Touch Pass 057B-D703-0001 (Lobby spare)',
      'Touch Pass card id': '057B-D703-0001',
      'Touch Pass name': 'Lobby spare',
      'Touch Pass holder': 'Ada Ng'
    })
    // A target the request named keeps its own name.
    expect(assign).toMatchObject({ 'target name': 'Ada Ng', 'Touch Pass name': 'Lobby spare' })
  })
})

describe("the audit CSV in the desk's language", () => {
  it("German: the detail and the outcome's sentence from the facts; a row recorded before facts in its English", () => {
    const rows: AuditRow[] = [
      {
        ...base,
        id: 'r1',
        action: 'update',
        endpoint: { id: 'E18', title: 'Update visitor' },
        target: { kind: 'visitor', id: 'v-1', name: 'Ana Ruiz' },
        facts: [{ kind: 'changed', fields: ['remarks', 'mobile_phone'] }],
        detail: 'changed Remarks, Phone'
      },
      {
        ...base,
        id: 'r2',
        action: 'import',
        endpoint: { id: 'E16', title: 'Import third-party NFC cards' },
        target: { kind: 'NFC card' },
        facts: [
          { kind: 'cardsSent', count: 3, batch: 'Lobby' },
          { kind: 'readBackFound', found: 2, sent: 3 }
        ],
        said: { key: 'settled', done: 'partly' },
        message: 'Partly done: …'
      },
      {
        ...base,
        id: 'r3',
        action: 'cancel visit',
        endpoint: { id: '§4.6', title: 'Delete visitor' },
        target: { kind: 'visitor', id: 'v-2' },
        recordedDetail: 'visit cancelled (kept as CANCELLED)',
        detail: 'visit cancelled (kept as CANCELLED)'
      }
    ]
    // Cells here hold no comma except the detail: read the German detail and message by their place.
    const lines = auditCsv(rows, 'UTC', 'de')
      .replace(/^\ufeff/, '')
      .split('\r\n')
    expect(lines[0]).toContain('Detail')
    expect(lines[1]).toContain('"geändert: Bemerkungen, Telefon"')
    expect(lines[2]).toContain('3 Karten aus Stapel „Lobby“; erneut gelesen: 2 Karten von 3 auf der Konsole gefunden')
    expect(lines[2]).toContain(
      'Teilweise ausgeführt: Die Antwort der Konsole ging verloren; erneutes Lesen zeigt, dass nur ein Teil ausgeführt wurde.'
    )
    expect(lines[3]).toContain('visit cancelled (kept as CANCELLED)')
    // English (no language): main's English, as before.
    expect(auditCsv(rows, 'UTC')).toContain('"changed Remarks, Phone"')
  })
})
