import { describe, expect, it } from 'vitest'
import { render, screen, within } from '@testing-library/svelte'
import AuditScreen from '../../../src/renderer/src/screens/AuditScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { codeWords } from '../../../src/renderer/src/stores/audit-words'
import type { AuditPage, AuditRow } from '../../../src/shared/audit/schemas'
import { scriptedBridge } from '../../support/fake-bridge'

/**
 * A row settled by a read-back says the sentence first, and its transport code only as the detail it
 * is, in words: a re-walk read "Done ECONNRESET Done: the console's answer was lost; …".
 */
const console = { name: 'Demo console', url: 'https://127.0.0.1:12445' }
const SETTLED = "Done: the console's answer was lost; reading it back shows this was done."
const settled: AuditRow = {
  id: 'r-1',
  at: '2026-01-12T13:00:00.000Z',
  console,
  desk: { user: 'ana', host: 'desk-7' },
  action: 'import',
  endpoint: { id: 'E16', title: 'Import NFC cards' },
  target: { kind: 'NFC card' },
  outcome: 'ok',
  code: 'ECONNRESET',
  message: SETTLED
}

describe('an audit row’s code', () => {
  it('is said in words, the lost answer named: never a raw transport code', () => {
    expect(codeWords('ECONNRESET')).toBe('answer lost (connection reset)')
    expect(codeWords('TIMEOUT')).toBe('answer lost (timed out)')
    expect(codeWords('HTTP_502')).toBe('answer lost (HTTP 502)')
    // A code kept as written (the console's own, or the desk's) is what support asks for: labelled as a code.
    expect(codeWords('CODE_CREDS_NFC_HAS_BIND_USER')).toBe('Code: CODE_CREDS_NFC_HAS_BIND_USER')
    expect(codeWords('PRINTER_UNREACHABLE')).toBe('Code: PRINTER_UNREACHABLE')
  })

  it('on the screen: Done, then the sentence, then the code in words', async () => {
    const page: AuditPage = {
      items: [settled],
      total: 1,
      all: 1,
      consoles: [{ ...console, key: console.url }],
      retentionDays: 365
    }
    const { bridge } = scriptedBridge({ 'audit.list': () => ({ ok: true, result: page }) })
    setApiForTests(bridge)
    render(AuditScreen)
    const table = await screen.findByTestId('audit-table')
    const cell = within(table).getByText(SETTLED).closest('td')!
    expect(cell).not.toHaveTextContent('ECONNRESET')
    expect(cell.textContent!.replace(/\s+/g, ' ').trim()).toBe(`Done ${SETTLED} answer lost (connection reset)`)
  })
})
