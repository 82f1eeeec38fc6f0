import { describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { control } from '../access/support'
import type { PlanRow } from '../../../src/shared/roster/sheet'
import type { RowOutcome } from '../../../src/shared/roster/run'
import { leftOutReason, resultReason } from '../../../src/shared/roster/result-reason'
import { RosterModel } from '../../../src/main/services/roster/roster-model'

/**
 * A German roster with one line whose quote never closes (`Hana;"Ng;…`): the plan says the line was not
 * read, and so must the results afterwards (its row's reason, in the export too), never "Left out at the
 * desk" (nobody left it out); the Columns preview is told which of its rows is that line, so it never
 * shows the line as read (a last name `"Ng`). A walk found both.
 */
describe('a roster line whose quote never closes, after the run', () => {
  const app = useAppServices()

  it('is said as the line not read, in the results, the export and the preview', async () => {
    const demo = await app.services.connections.demoConsole()
    const adaId = (
      await control<{ data: { id: string } }>(demo, 'POST', '/__demo/users', {
        first_name: 'Ada',
        last_name: 'Lee',
        email: 'ada.lee@example.com'
      })
    ).body.data.id
    const csv = ['Vorname;Nachname;E-Mail;PIN', 'Ada;Lee;ada.lee@example.com;ja', 'Hana;"Ng;hana@example.com;ja'].join(
      '\n'
    )
    const opened = await app.call('roster.open', { fileName: 'team.csv', data: Buffer.from(csv).toString('base64') })
    // The preview's second row is line 3, not read: the desk shows it so (MappingStep), not as cells.
    expect(opened.sheet.sampleNotRead).toEqual([{ row: 1, line: 3 }])
    const id: string = opened.summary.id
    const plan = await app.call('roster.plan', {
      id,
      mapping: { firstName: 0, lastName: 1, email: 2, pin: 3 },
      options: { cards: 'none', batchId: null, pin: 'column', touchPass: 'none' }
    })
    const hana = (plan.rows as PlanRow[]).find((r) => r.line === 3)!
    expect(hana.conflicts.map((c) => c.kind)).toEqual(['unreadable-line'])
    // Named by its line, never by its cells as split across the open quote (`Hana "Ng` with an email):
    // the preview says the line was not read, and so do the plan, the results and the export.
    expect(hana.label).toBe('Line 3')
    expect(hana.unnamed).toBe(true)
    const said = 'Line 3 has a quote that is never closed; fix the quote in the file and open it again.'
    expect(hana.conflicts[0]!.message).toBe(said)

    expect(await app.call('roster.run', { id })).toEqual({ started: true })
    await app.services.rosters.idle(id)
    const detail = await app.call('roster.get', { id })
    expect(detail.summary).toMatchObject({ phase: 'finished', done: 1 })
    // The console: Ada was given her PIN; nothing was sent for the line not read.
    const users = (
      await control<{ data: { id: string; pin_hash: string | null }[] }>(demo, 'GET', '/__demo/state/users')
    ).body.data
    expect(users.find((u) => u.id === adaId)!.pin_hash).not.toBeNull()

    // The row's reason, as the results screen and the export both say it (result-reason.ts).
    const row = (detail.rows as PlanRow[]).find((r) => r.line === 3)!
    const outcome = (detail.outcomes as RowOutcome[]).find((o) => o.rowId === row.rowId) ?? {
      state: 'skipped',
      steps: []
    }
    expect(outcome.state).toBe('skipped')
    expect(leftOutReason(row)).toBe(said)
    expect(resultReason(row, outcome)).toBe(said)

    const english = (await app.call('roster.exportCsv', { id })).text as string
    const line3 = english.split('\r\n').find((l) => l.startsWith('3,'))!
    expect(line3).toContain(said)
    expect(english).not.toContain('Left out at the desk')
    const german = (await app.call('roster.exportCsv', { id, language: 'de' })).text as string
    expect(german.split('\r\n').find((l) => l.startsWith('3,'))).toContain(
      'Zeile 3 hat ein Anführungszeichen, das nie geschlossen wird'
    )
    expect(german).not.toContain('Am Empfang ausgelassen')
  })

  it('a roster kept before the sheet marked its lines not read is marked when read back', () => {
    const model = new RosterModel({
      t: 'create',
      v: 1,
      meta: { id: 'kept', fileName: 'team.csv', createdAt: new Date().toISOString() },
      sheet: {
        fileName: 'team.csv',
        headers: ['Vorname', 'Nachname', 'E-Mail', 'PIN'],
        rowCount: 2,
        sample: [
          ['Ada', 'Lee', 'ada.lee@example.com', 'ja'],
          ['Hana', '"Ng', 'hana@example.com', 'ja']
        ],
        notes: []
      },
      rows: [
        ['Ada', 'Lee', 'ada.lee@example.com', 'ja'],
        ['Hana', '"Ng', 'hana@example.com', 'ja']
      ],
      lines: [2, 3],
      unreadable: [3]
    })
    expect(model.sheet.sampleNotRead).toEqual([{ row: 1, line: 3 }])
  })
})
