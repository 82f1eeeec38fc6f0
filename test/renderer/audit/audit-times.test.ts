import { previousTz } from './desk-zone'
import { afterAll, describe, expect, it } from 'vitest'
import { fireEvent, render, screen, within } from '@testing-library/svelte'
import AuditScreen from '../../../src/renderer/src/screens/AuditScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { deskTimeZone, formatLocal, formatLocalWithSeconds } from '../../../src/renderer/src/lib/local-time'
import type { AuditPage, AuditRow } from '../../../src/shared/audit/schemas'
import { scriptedBridge } from '../../support/fake-bridge'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'

afterAll(() => {
  if (previousTz === undefined) delete process.env.TZ
  else process.env.TZ = previousTz
})

const console = { name: 'Demo console', url: 'https://127.0.0.1:12445' }
const desk = { user: 'ana', host: 'desk-7' }
// 14:00 UTC is 09:00 in New York in January.
const start = Date.parse('2026-01-12T14:00:00Z') / 1000

const rows: AuditRow[] = [
  {
    id: 'r-2',
    at: '2026-01-12T13:05:09.000Z',
    console,
    desk,
    action: 'delete',
    endpoint: { id: 'E7', title: 'Delete NFC card' },
    target: { kind: 'NFC card', id: 'f'.repeat(64) },
    card: { number: '1234567890', nfcId: '499602D2', owner: { kind: 'user', name: 'Ada Ng' } },
    outcome: 'ok'
  },
  {
    id: 'r-1',
    at: '2026-01-12T13:00:00.000Z',
    console,
    desk,
    action: 'create',
    endpoint: { id: 'E17', title: 'Create visitor' },
    target: { kind: 'visitor', id: 'v-1', name: 'Grace Hopper' },
    visit: { start, end: start + 8 * 3600 },
    outcome: 'ok'
  },
  {
    id: 'r-0',
    at: '2026-01-12T12:00:00.000Z',
    console,
    desk,
    action: 'assign',
    endpoint: { id: '§3.25', title: 'Assign Touch Pass to user' },
    target: { kind: 'user', id: 'u-1', name: 'Ada Ng' },
    touchPass: { id: 'p-1', cardId: '057B-D703-0001', holder: 'Ada Ng' },
    outcome: 'ok'
  }
]

const page: AuditPage = {
  items: rows,
  total: rows.length,
  all: rows.length,
  consoles: [{ ...console, key: console.url }],
  retentionDays: 365
}

describe('Audit: every time in the desk’s zone, through the app’s formatter', () => {
  it(
    'a visit’s times and each row’s time are local, never UTC; cards and passes named as their screens do',
    { timeout: 30_000 },
    async () => {
      expect(deskTimeZone).toBe('America/New_York')
      const { bridge, calls } = scriptedBridge({
        'audit.list': () => ({ ok: true, result: page }),
        'audit.exportCsv': () => ({ ok: true, result: { filename: 'audit-2026-01-12.csv', text: 'x', rows: 3 } })
      })
      setApiForTests(bridge)
      render(AuditScreen)
      const table = await screen.findByTestId('audit-table')
      const [cardRow, visitRow, passRow] = within(table).getAllByRole('row').slice(1)

      // The visit: 09:00 to 17:00 in New York, as the desk reads it (not 14:00 → 22:00 UTC).
      const visit = within(visitRow!).getByTestId('audit-visit')
      expect(visit).toHaveTextContent(`Visit ${formatLocal(start)} → ${formatLocal(start + 8 * 3600)}`)
      expect(formatLocal(start)).toMatch(/\b0?9[:.]00\b/)
      expect(visitRow).not.toHaveTextContent('UTC')
      // When: 08:00:00 in New York.
      expect(visitRow!.querySelector('td')).toHaveTextContent(formatLocalWithSeconds(rows[1]!.at))
      expect(formatLocalWithSeconds(rows[1]!.at)).toMatch(/\b0?8[:.]00[:.]00\b/)

      // A deleted card: its number, NFC ID and owner, as Cards writes them.
      expect(within(cardRow!).getByTestId('audit-card')).toHaveTextContent(
        'Card 1234567890 · NFC ID 499602D2 · Ada Ng (user)'
      )
      expect(within(passRow!).getByTestId('audit-pass')).toHaveTextContent('Touch Pass 057B-D703-0001 · Ada Ng')

      // The CSV is asked for in the desk's zone (its times carry that offset) and language (its header).
      URL.createObjectURL = () => 'blob:audit'
      URL.revokeObjectURL = () => undefined
      // The switch is one step once the new words are loaded: the screen is German when it resolves.
      await deskLanguage.choose('de')
      try {
        await fireEvent.click(screen.getByRole('button', { name: 'CSV exportieren' }))
        await screen.findByText('3 Zeilen gespeichert als audit-2026-01-12.csv.')
      } finally {
        await deskLanguage.choose(null)
      }
      expect(calls.find(([channel]) => channel === 'audit.exportCsv')![1]).toEqual({
        filter: {},
        timeZone: 'America/New_York',
        language: 'de'
      })
    }
  )
})
