import { afterEach, describe, expect, it, vi } from 'vitest'
import { ConsoleCards } from '../../../src/main/services/batches/console-cards'
import { readCsvAgainst } from '../../../src/main/services/batches/csv-against-batch'
import type { NfcCard } from '../../../src/shared/access/nfc-cards'

/**
 * A CSV preview compared with a console some of whose cards show no NFC ID (UA cards) says what that
 * comparison could not see once for the whole file, never per line: the sentence (with its formatted
 * counts) built for each of 10,000 lines cost more than the validation of the file itself.
 */
const card = (display_id: string, token: string): NfcCard =>
  ({ token, display_id, alias: '', status: 'ACTIVE' }) as unknown as NfcCard

afterEach(() => {
  vi.restoreAllMocks()
})

describe('CSV preview against the console', () => {
  it('builds the sentence of the cards it could not compare once for the file, not per line', async () => {
    const cards = new ConsoleCards([card('100005', 'ua1'), card('100017', 'ua2'), card('77740828', 'd1')])
    const unsure = vi.spyOn(cards, 'unsure')
    const lines = Array.from(
      { length: 500 },
      (_, i) => `04C1${i.toString(16).toUpperCase().padStart(4, '0')},Desk-${i}`
    )
    const preview = await readCsvAgainst(lines.join('\n'), undefined, { cards })

    expect(preview.counts.ok).toBe(500)
    expect(unsure.mock.calls.length).toBeLessThanOrEqual(1)
    // Said once for the file, with the counts of what could not be compared.
    expect(preview.noteSaid?.filter((n) => n.key === 'unsure')).toEqual([
      expect.objectContaining({ key: 'unsure', values: { shown: 1, without: 2 } })
    ])
    // A line the console holds (77740828 is 04A23B1C in decimal) is still found.
    const held = await readCsvAgainst('04A23B1C,Lobby', undefined, { cards })
    expect(held.rows[0]).toMatchObject({ status: 'duplicate' })
    expect(held.rows[0]!.messages.join(' ')).toContain('77740828')
  })
})
