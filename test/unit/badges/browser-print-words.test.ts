import { describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { badgeOutputIn, capitalised } from '../../../src/shared/badges/output-words'
import { Translator } from '../../../src/shared/i18n/translator'
import type { AreaKeys } from '../../../src/shared/i18n/areas'
import badgesEn from '../../../src/shared/i18n/messages/badges/en.json'
import type { AuditRow } from '../../../src/shared/audit/schemas'
import type { BadgeHistoryEntry } from '../../../src/shared/badges/schemas'
import type { TodayRow } from '../../../src/shared/today/schemas'

/**
 * A badge handed to the browser's print dialog: the app cannot know the person printed it (the dialog
 * says nothing back), so the history, Today's badge column and Audit's line say "sent to the print
 * dialog", never "printed" — and Audit names the output as Badges does, not "dk-11202 on browser-print".
 */
/** Where a badge went, in the English catalogue's words (the desk's and main's CLI alike). */
const english = new Translator<AreaKeys['badges']>('en', badgesEn)
const badgeOutputWords = (entry: Parameters<typeof badgeOutputIn>[0]) => badgeOutputIn(entry, english)

describe('a badge sent to the browser’s print dialog', () => {
  const app = useAppServices()

  it('is recorded and named "sent to the print dialog" in the history, on Today and in the audit trail', async () => {
    const client = await app.services.connections.client()
    const start = Math.floor(Date.now() / 1000) - 60
    const visitor = await client.visitors.create({
      first_name: 'Nia',
      last_name: 'Okafor',
      visit_reason: 'Business',
      start_time: start,
      end_time: start + 3600
    })
    const job = {
      visitorId: visitor.id,
      name: 'Nia Okafor',
      company: '',
      host: '',
      validFrom: start,
      validTo: start + 3600,
      stock: 'dk-11202'
    }
    const before = (await app.services.audit.all()).length
    await app.call('badges.record', { job, output: 'browser-print' })

    const history: BadgeHistoryEntry[] = (await app.call('badges.history')).items
    const entry = history.find((e) => e.visitorId === visitor.id)!
    expect(entry.output).toBe('browser-print')
    expect(capitalised(badgeOutputWords(entry))).toBe('Sent to the print dialog')

    const rows: AuditRow[] = (await app.services.audit.all()).slice(before)
    expect(rows).toMatchObject([{ action: 'badge print', outcome: 'ok', target: { id: visitor.id } }])
    expect(rows[0]!.detail).toBe('Brother DK-11202 (62 × 100 mm) · sent to the print dialog')
    // The facts the screen words in the desk's language (the detail is the file's English).
    expect(rows[0]!.badge).toEqual({ stock: 'dk-11202', output: 'browser-print' })
    expect(rows[0]!.facts).toEqual([{ kind: 'badgePrint', stock: 'dk-11202', output: 'browser-print' }])

    const today: TodayRow[] = (await app.call('today.list')).rows
    expect(today.find((r) => r.id === visitor.id)).toMatchObject({ badgePrinted: true, badgeOutput: 'browser-print' })
  })

  it('names each output as the screens do: the printer by its name, a PDF as saved', () => {
    expect(badgeOutputWords({ output: 'printer', printer: 'Lobby QL-820' })).toBe('Lobby QL-820')
    expect(badgeOutputWords({ output: 'printer' })).toBe('the default printer')
    expect(badgeOutputWords({ output: 'pdf' })).toBe('saved as PDF')
    expect(badgeOutputWords({ output: 'browser-pdf' })).toBe('saved as PDF by the browser')
  })
})
