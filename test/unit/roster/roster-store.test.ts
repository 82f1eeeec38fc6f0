import { appendFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { RosterJournal } from '../../../src/main/services/roster/roster-journal'
import { handoutPeople, pinsKnown, resultsCsv } from '../../../src/main/services/roster/roster-results'
import { tempDir } from '../../support/temp'
import { frozenRoster, row } from './harness'

const ada = { type: 'user' as const, id: 'u-ada', name: '=Ada Ng', email: 'ada@example.com' }
const bo = { type: 'visitor' as const, id: 'v-bo', name: 'Bo, Visitor' }

describe('rosters on disk', () => {
  it('lists a damaged roster file as unreadable, keeps it, and loads the others', async () => {
    const dir = await tempDir('roster-store-')
    try {
      const { store } = await frozenRoster(dir.path, [row(1, ada)])
      await store.close()
      await writeFile(join(dir.path, 'broken.jsonl'), '{"t":"create","v":1}\n')
      await appendFile(join(dir.path, 'roster-1.jsonl'), '{"t":"result","at":"x"') // a torn last line: dropped
      const reopened = new RosterJournal(dir.path)
      const { rosters, unreadable } = await reopened.all()
      expect(rosters.map((r) => r.model.meta.id)).toEqual(['roster-1'])
      expect(unreadable).toEqual([{ file: 'broken.jsonl', message: expect.stringContaining('is damaged') }])
      await reopened.remove('roster-1')
      expect((await new RosterJournal(dir.path).all()).rosters).toEqual([])
    } finally {
      await dir.remove()
    }
  })

  it('exports the results without a PIN, and the hand-out says when PINs of an earlier session are gone', async () => {
    const dir = await tempDir('roster-results-')
    try {
      const rows = [
        row(1, ada, { kind: 'existing', nfcId: '04AA', token: 't-1', displayId: '100200' }, { pin: true }),
        row(2, bo, { kind: 'none' }, { pin: true })
      ]
      const { store, roster } = await frozenRoster(dir.path, rows)
      const at = new Date().toISOString()
      await store.commit(
        roster,
        {
          t: 'sending',
          at,
          rowId: 'r2',
          step: 'card-assign',
          attempt: 1,
          detail: { token: 't-1', displayId: '100200' }
        },
        {
          t: 'result',
          at,
          rowId: 'r2',
          step: 'card-assign',
          state: 'done',
          detail: { token: 't-1', displayId: '100200' }
        },
        { t: 'sending', at, rowId: 'r2', step: 'pin', attempt: 1 },
        { t: 'result', at, rowId: 'r2', step: 'pin', state: 'done' },
        { t: 'sending', at, rowId: 'r3', step: 'pin', attempt: 1 },
        {
          t: 'result',
          at,
          rowId: 'r3',
          step: 'pin',
          state: 'failed',
          reason: 'PIN code already exists',
          code: 'CODE_CREDS_PIN_CODE_CREDS_ALREADY_EXIST'
        }
      )
      const csv = resultsCsv(roster.model)
      expect(csv.text.split('\r\n')).toEqual([
        '\ufeffline,person,type,email,NFC ID,card display id,PIN,Touch Pass,state,reason',
        // A name a spreadsheet would run as a formula is shown as text.
        "2,'=Ada Ng,user,ada@example.com,04AA,100200,yes,no,done,",
        '3,"Bo, Visitor",visitor,,,,no,no,failed,PIN code already exists',
        ''
      ])
      expect(csv.filename).toBe('people-results.csv')

      const pins = new Map([['r2', '73910264']])
      expect(handoutPeople(roster.model, pins, true)).toEqual({
        people: [{ rowId: 'r2', name: '=Ada Ng', cardDisplayIds: ['100200'], touchPass: false, pin: '73910264' }],
        pinsForgotten: []
      })
      expect(handoutPeople(roster.model, pins, false).people[0]!.pin).toBeUndefined()
      // After a restart the PINs are gone from memory: the sheet names whose instead of printing none silently.
      expect(handoutPeople(roster.model, new Map(), true)).toMatchObject({
        pinsForgotten: [{ rowId: 'r2', line: 2, name: '=Ada Ng', apart: null }],
        people: [{ rowId: 'r2' }]
      })
      expect(handoutPeople(roster.model, new Map(), true).people[0]!.pin).toBeUndefined()
      // Which PINs main still holds, by row, asked before printing: the known one now; none after a restart.
      expect(pinsKnown(roster.model, pins)).toEqual({ known: ['r2'], forgotten: [] })
      expect(pinsKnown(roster.model, new Map())).toEqual({ known: [], forgotten: ['r2'] })
    } finally {
      await dir.remove()
    }
  })
})
