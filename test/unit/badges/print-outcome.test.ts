import { describe, expect, it } from 'vitest'
import { printOutcome } from '../../../src/shared/badges/output-words'
import { kioskBadgeOutcome } from '../../../src/shared/badges/kiosk-output-words'
import { arrivalsOn } from '../../../src/shared/today/groups'
import { badgeOutputSchema } from '../../../src/shared/badges/schemas'
import type { KioskCheckin } from '../../../src/shared/kiosk/schemas'

/**
 * The one rule of what a badge's output means (shared/badges/output-words.ts `printOutcome`): printed
 * by a printer the app drove, handed to the browser's print dialog (which tells the app nothing of what
 * was done in it), or saved as a file. The kiosk's own record, its words to the visitor, Today's badge
 * column and kiosk list, Badges and the Audit read it; "printed" is never said of the dialog.
 */
describe('what a badge output means', () => {
  it('printed only by a printer; the dialog is the dialog; a PDF is saved', () => {
    const outcomes = Object.fromEntries(badgeOutputSchema.options.map((o) => [o, printOutcome(o)]))
    expect(outcomes).toEqual({
      printer: 'printed',
      'browser-print': 'print-dialog',
      pdf: 'saved',
      'browser-pdf': 'saved'
    })
  })

  const checkin = (fields: Partial<KioskCheckin>): KioskCheckin => ({
    id: 'c1',
    at: new Date().toISOString(),
    visitorId: 'v1',
    name: 'Kiri Tane',
    company: '',
    host: '',
    printed: false,
    offline: false,
    ...fields
  })

  it("the kiosk's record: handed to the dialog is not printed, and not a failure; an older record that said printed is read the same", () => {
    expect(kioskBadgeOutcome(checkin({ output: 'browser-print' }))).toBe('print-dialog')
    expect(kioskBadgeOutcome(checkin({ printed: true, output: 'browser-print' }))).toBe('print-dialog')
    expect(kioskBadgeOutcome(checkin({ printed: true, output: 'printer' }))).toBe('printer')
    // The browser's print threw: no badge, the visitor is sent to the desk.
    const threw = { output: 'browser-print' as const, printError: 'No printer is connected.' }
    expect(kioskBadgeOutcome(checkin(threw))).toBe('none')
    expect(kioskBadgeOutcome(checkin({ output: 'printer', printFailure: { code: 'PRINTER_OUT_OF_MEDIA' } }))).toBe(
      'none'
    )
    expect(kioskBadgeOutcome(checkin({ refusal: { reason: 'cancelled' } }))).toBe('none')
  })

  it('a visitor whose badge went to the dialog checked in at the kiosk: an arrival on Today', () => {
    const day = { start: 0, end: Math.floor(Date.now() / 1000) + 60 }
    const arrivals = arrivalsOn([checkin({ output: 'browser-print' })], day)
    expect(arrivals.get('v1')?.where).toBe('kiosk')
    // The dialog failed: checked in all the same (kioskArrived), the desk prints the badge.
    expect(arrivalsOn([checkin({ output: 'browser-print', printError: 'x' })], day).size).toBe(1)
  })
})
