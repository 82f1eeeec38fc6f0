import { describe, expect, it } from 'vitest'
import Papa from 'papaparse'
import { screen, within } from '@testing-library/svelte'
import { auditRow, renderAudit } from './audit-screen-fixture'
import { auditCsv } from '../../../src/main/services/audit/audit-csv'
import type { AuditRow } from '../../../src/shared/audit/schemas'

const card = { token: 'tok-5', number: '100005', alias: 'Front desk' }
const rosa = { kind: 'user', id: 'u-1', name: 'Rosa Diaz' } as const
const ivo = { kind: 'visitor', id: 'v-1', name: 'Ivo Kern · Kern AG' } as const
const pass = { id: 'p-1', cardId: '057B-D703-0001', name: 'Desk pass' }

/**
 * Every kind of write that names a person or a card, as main records it (a card read before a give has
 * no owner yet; a pass given and refused no holder): the screen's row and the CSV's line name the same
 * card number and the same owner, the person the write gave it to or took it back from.
 */
const rows: AuditRow[] = [
  auditRow('give', {
    action: 'assign',
    endpoint: { id: '§3.7', title: 'Assign NFC card to user' },
    target: rosa,
    card
  }),
  auditRow('bind', {
    action: 'enrollment bind',
    endpoint: { id: '§3.7', title: 'Assign NFC card to user' },
    target: rosa,
    card
  }),
  auditRow('back', {
    action: 'unassign',
    endpoint: { id: '§3.8', title: 'Unassign NFC card from user' },
    target: rosa,
    card: { ...card, owner: { kind: 'user', name: 'Rosa Diaz' } }
  }),
  auditRow('visitor-give', {
    action: 'assign',
    endpoint: { id: '§4.7', title: 'Assign NFC card to visitor' },
    target: ivo,
    card
  }),
  auditRow('pass-give', {
    action: 'assign',
    endpoint: { id: '§3.25', title: 'Assign a Touch Pass' },
    target: rosa,
    touchPass: pass,
    outcome: 'refused'
  }),
  auditRow('pass-back', {
    action: 'unassign',
    endpoint: { id: '§3.26', title: 'Unassign a Touch Pass' },
    target: rosa,
    touchPass: { ...pass, holder: 'Rosa Diaz' }
  }),
  auditRow('delete', {
    action: 'delete',
    endpoint: { id: 'E7', title: 'Delete an NFC card' },
    target: { kind: 'NFC card', id: card.token },
    card: { ...card, owner: { kind: 'visitor', name: 'Ivo Kern' } }
  })
]

describe('the Audit row and its CSV line name the same card and owner, for every write about a person or a card', () => {
  it.each(rows.map((r) => [r.id, r] as const))('%s', async (_id, row) => {
    const [line] = Papa.parse<Record<string, string>>(auditCsv([row], 'UTC').replace(/^\ufeff/, ''), {
      header: true,
      skipEmptyLines: true
    }).data
    renderAudit([row])
    const shown = within(await screen.findByTestId('audit-table'))
    if (row.card) {
      const words = shown.getByTestId('audit-card').textContent!.trim()
      expect(line!['card number']).toBe(card.number)
      expect(words).toContain(`Card ${line!['card number']}`)
      // The CSV's owner cell ("Rosa Diaz (user)") is the screen's owner words, in English.
      expect(line!['card owner']).not.toBe('')
      expect(words).toContain(line!['card owner'])
    }
    if (row.touchPass) {
      const words = shown.getByTestId('audit-pass').textContent!.trim()
      expect(line!['Touch Pass holder']).toBe('Rosa Diaz')
      expect(words).toContain(line!['Touch Pass card id'])
      expect(words).toContain(line!['Touch Pass holder'])
    }
  })
})
