import { describe, expect, it } from 'vitest'
import { newestBadges, newestOutputs, newestPrints } from '../../../src/shared/badges/newest-prints'
import type { BadgeOutput } from '../../../src/shared/badges/schemas'

const at = (minute: number) => new Date(Date.UTC(2026, 10, 30, 9, minute)).toISOString()
const entry = (visitorId: string, minute: number, output: BadgeOutput, failed = false) => ({
  visitorId,
  printedAt: at(minute),
  output,
  ...(failed ? { failed: { reason: 'Out of labels.' } } : {})
})

/**
 * The one rule of what Today's badge column, Badges and the kiosk list say of a visitor's badges: the
 * most telling output (printed, then the print dialog, then a PDF), the time of the newest.
 */
describe('a visitor’s badge: the most telling output, the newest time', () => {
  it('printed on a printer, then handed to the print dialog: still printed, at the dialog’s time', () => {
    const history = [entry('ana', 20, 'browser-print'), entry('ana', 10, 'printer')]
    expect(newestBadges(history).get('ana')).toEqual({ at: at(20), output: 'printer' })
    expect(newestOutputs(history).get('ana')).toBe('printer')
    expect(newestPrints(history).get('ana')).toBe(at(20))
  })

  it('a dialog beats a PDF; a printer’s failure is no badge', () => {
    const history = [
      entry('bo', 30, 'printer', true),
      entry('bo', 20, 'pdf'),
      entry('bo', 10, 'browser-print'),
      entry('cy', 5, 'pdf')
    ]
    expect(newestBadges(history).get('bo')).toEqual({ at: at(20), output: 'browser-print' })
    expect(newestBadges(history).get('cy')).toEqual({ at: at(5), output: 'pdf' })
  })
})
