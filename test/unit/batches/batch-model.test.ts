import { describe, expect, it } from 'vitest'
import { BatchModel } from '../../../src/main/services/batches/batch-model'
import {
  journalEntrySchema,
  type BatchMeta,
  type JournalEntry
} from '../../../src/main/services/batches/journal-entries'
import { rowReason } from '../../../src/main/services/batches/row-reasons'
import type { BatchRow } from '../../../src/shared/batches/schemas'
import { cardKey } from '../../../src/shared/nfc/card-identity'

/** The batch as replayed from journal entries: the rules every screen and upload rely on. */
const meta = (): BatchMeta => ({
  id: 'b1',
  name: 'Floor 2',
  aliasPattern: 'F-{n}',
  byteOrder: 'as-read',
  nextNumber: 1,
  createdAt: 't0',
  console: null
})
const row = (n: number, extra: Partial<BatchRow> = {}): BatchRow => ({
  id: `r${n}`,
  nfcId: `0400000${n}`,
  alias: `F-${n}`,
  addedAt: `t${n}`,
  source: 'scan',
  status: 'pending',
  ...extra
})
const created: JournalEntry = { t: 'create', v: 1, meta: meta() }
const replay = (...entries: JournalEntry[]) => BatchModel.replay([created, ...entries])
const statuses = (model: BatchModel) => model.rows.map((r) => r.status)

describe('batch model', () => {
  it('refuses a journal that does not start a batch', () => {
    expect(() => BatchModel.replay([])).toThrow('the journal does not start a batch')
    expect(() => BatchModel.replay([{ t: 'add', rows: [row(1)] }])).toThrow('the journal does not start a batch')
  })

  it('a new batch is a draft with no rows; its times are its creation', () => {
    const model = replay()
    expect(model.rows).toEqual([])
    expect(model.state()).toBe('draft')
    expect(model.summary()).toEqual({
      id: 'b1',
      name: 'Floor 2',
      aliasPattern: 'F-{n}',
      byteOrder: 'as-read',
      nextNumber: 1,
      createdAt: 't0',
      updatedAt: 't0',
      state: 'draft',
      console: null,
      counts: { total: 0, pending: 0, imported: 0, failed: 0, unknown: 0 }
    })
    expect(model.interruptedUpload).toBe(false)
  })

  it('adds rows in order, keeps the highest alias counter, and times the batch by its last row', () => {
    const model = replay(
      { t: 'add', rows: [row(1), row(2)], nextNumber: 3 },
      { t: 'add', rows: [row(3)], nextNumber: 2 }
    )
    expect(model.rows.map((r) => r.id)).toEqual(['r1', 'r2', 'r3'])
    expect(model.meta.nextNumber).toBe(3)
    expect(model.updatedAt).toBe('t3')
    model.apply({ t: 'add', rows: [row(4)] })
    expect(model.meta.nextNumber).toBe(3)
    expect([...model.byCard.values()].map((r) => r.nfcId)).toEqual(['04000001', '04000002', '04000003', '04000004'])
    expect([...model.byAlias.keys()]).toEqual(['F-1', 'F-2', 'F-3', 'F-4'])
    model.apply({ t: 'add', rows: [row(5, { alias: '' })] })
    expect(model.byAlias.has('')).toBe(false)
  })

  it('changes only the settings a meta entry carries', () => {
    const model = replay({ t: 'meta', name: 'Lobby', at: 't5' })
    expect(model.meta).toMatchObject({ name: 'Lobby', aliasPattern: 'F-{n}', byteOrder: 'as-read' })
    expect(model.updatedAt).toBe('t5')
    model.apply({ t: 'meta', aliasPattern: null, byteOrder: 'reversed', at: 't6' })
    expect(model.meta).toMatchObject({ name: 'Lobby', aliasPattern: null, byteOrder: 'reversed' })
    model.apply({ t: 'meta', aliasPattern: 'L-{n}', at: 't7' })
    expect(model.meta).toMatchObject({ name: 'Lobby', aliasPattern: 'L-{n}', byteOrder: 'reversed' })
    expect(model.updatedAt).toBe('t7')
  })

  it('an update changes the NFC ID and alias and their indexes; an update of a row no longer there is ignored', () => {
    const model = replay({ t: 'add', rows: [row(1), row(2, { alias: '' })] })
    model.apply({ t: 'update', rowId: 'r1', nfcId: '0400000A', alias: 'Desk', at: 't8' })
    expect(model.rows[0]).toMatchObject({ nfcId: '0400000A', alias: 'Desk', status: 'pending' })
    expect(model.byCard.get(cardKey('0400000A'))).toBe(model.rows[0])
    expect(model.byCard.has(cardKey('04000001'))).toBe(false)
    expect(model.byAlias.get('Desk')).toBe(model.rows[0])
    expect(model.byAlias.has('F-1')).toBe(false)
    expect(model.updatedAt).toBe('t8')
    model.apply({ t: 'update', rowId: 'r2', alias: 'Gate', at: 't9' })
    expect(model.byAlias.get('Gate')).toBe(model.rows[1])
    model.apply({ t: 'update', rowId: 'r1', alias: '', at: 't10' })
    expect(model.byAlias.has('Desk')).toBe(false)
    expect(model.byAlias.has('')).toBe(false)
    expect(model.rows[0]!.retry).toBeUndefined()

    const before = model.detail()
    model.apply({ t: 'update', rowId: 'gone', nfcId: '0400000F', alias: 'X', at: 't11' })
    expect(model.detail()).toEqual(before)
  })

  it('an edited failed row is pending again, marked for "Retry failed", its old reason gone', () => {
    const model = replay({ t: 'add', rows: [row(1, { status: 'failed', reason: 'alias taken' })] })
    model.apply({ t: 'update', rowId: 'r1', alias: 'Fixed', at: 't2' })
    expect(model.rows[0]).toEqual({ ...row(1), alias: 'Fixed', status: 'pending', retry: true })
  })

  it('removes rows and their indexes, ignoring ids no longer there', () => {
    const model = replay({ t: 'add', rows: [row(1), row(2), row(3, { alias: '' })] })
    model.apply({ t: 'remove', rowIds: ['r1', 'r3', 'gone'], at: 't9' })
    expect(model.rows.map((r) => r.id)).toEqual(['r2'])
    expect([...model.byId.keys()]).toEqual(['r2'])
    expect([...model.byCard.values()].map((r) => r.nfcId)).toEqual(['04000002'])
    expect([...model.byAlias.keys()]).toEqual(['F-2'])
    expect(model.updatedAt).toBe('t9')
  })

  it('an upload: sending rows count as pending, results replace the outcome, the batch is uploading only while this process uploads', () => {
    const model = replay(
      { t: 'add', rows: [row(1), row(2), row(3), row(4)] },
      { t: 'console', console: { profileId: 'p', name: 'Site' }, at: 't5' },
      { t: 'upload-start', uploadId: 'u', at: 't6' },
      { t: 'sending', uploadId: 'u', rowIds: ['r1', 'r2', 'r3', 'gone'] }
    )
    expect(model.meta.console).toEqual({ profileId: 'p', name: 'Site' })
    expect(model.summary().console).toEqual({ profileId: 'p', name: 'Site' })
    expect(model.updatedAt).toBe('t6')
    // Replayed with an upload open and no upload running here: it was interrupted.
    expect(statuses(model)).toEqual(['unknown', 'unknown', 'unknown', 'pending'])
    expect(model.interruptedUpload).toBe(true)
    model.uploadingNow = true
    expect(model.interruptedUpload).toBe(false)
    expect(model.state()).toBe('uploading')
    model.apply({ t: 'sending', uploadId: 'u', rowIds: ['r4'] })
    expect(model.summary().counts).toEqual({ total: 4, pending: 1, imported: 0, failed: 0, unknown: 3 })
    model.apply({
      t: 'results',
      uploadId: 'u',
      results: [
        { rowId: 'r1', status: 'imported', token: 'tok1', displayId: '77' },
        { rowId: 'r2', status: 'failed', reason: 'taken' },
        { rowId: 'gone', status: 'imported', token: 'x' }
      ]
    })
    model.uploadingNow = false
    model.apply({ t: 'upload-end', uploadId: 'u', at: 't7' })
    expect(model.interruptedUpload).toBe(false)
    expect(model.updatedAt).toBe('t7')
    // r4 was sending when the upload ended without its answer: to check.
    expect(model.rows.map((r) => [r.status, r.token, r.displayId, r.reason])).toEqual([
      ['imported', 'tok1', '77', undefined],
      ['failed', undefined, undefined, 'taken'],
      [
        'unknown',
        undefined,
        undefined,
        'The app stopped before the console answered: check on the console whether this card was imported.'
      ],
      [
        'unknown',
        undefined,
        undefined,
        'The app stopped before the console answered: check on the console whether this card was imported.'
      ]
    ])
    expect(model.state()).toBe('partly-imported')
    expect(model.summary().counts).toEqual({ total: 4, pending: 0, imported: 1, failed: 1, unknown: 2 })
  })

  it('a result replaces token, number and reason; a pending result keeps a fixed row marked for "Retry failed"', () => {
    const model = replay({
      t: 'add',
      rows: [row(1, { status: 'unknown', token: 'old', displayId: '1', reason: 'why' }), row(2, { retry: true })]
    })
    model.apply({
      t: 'results',
      uploadId: 'check',
      results: [
        { rowId: 'r1', status: 'pending' },
        { rowId: 'r2', status: 'pending', reason: 'rate limited' }
      ]
    })
    expect(model.rows).toEqual([row(1), row(2, { retry: true, reason: 'rate limited' })])
    model.apply({ t: 'results', uploadId: 'u', results: [{ rowId: 'r2', status: 'imported', token: 't2' }] })
    expect(model.rows[1]).toEqual(row(2, { status: 'imported', token: 't2' }))
  })

  it('records numbers of imported rows only', () => {
    const model = replay({ t: 'add', rows: [row(1, { status: 'imported', token: 't' }), row(2)] })
    model.apply({
      t: 'numbers',
      numbers: [
        ['r1', '101'],
        ['r2', '102'],
        ['gone', '103']
      ]
    })
    expect(model.rows.map((r) => r.displayId)).toEqual(['101', undefined])
  })

  it('is imported when every row is, partly imported when any row left "not sent"', () => {
    const model = replay({ t: 'add', rows: [row(1, { status: 'imported' }), row(2, { status: 'imported' })] })
    expect(model.state()).toBe('imported')
    model.apply({ t: 'add', rows: [row(3)] })
    expect(model.state()).toBe('partly-imported')
    for (const status of ['failed', 'unknown'] as const) {
      expect(replay({ t: 'add', rows: [row(1), row(2, { status })] }).state()).toBe('partly-imported')
    }
    expect(replay({ t: 'add', rows: [row(1), row(2)] }).state()).toBe('draft')
  })

  it('a snapshot holds the whole batch: replayed, it gives the same batch, copied and not shared', () => {
    const model = replay(
      { t: 'add', rows: [row(1, { status: 'imported', token: 't' }), row(2, { status: 'failed', reason: 'r' })] },
      { t: 'meta', name: 'Renamed', at: 't4' }
    )
    const snapshot = model.snapshot('t9')
    expect(snapshot).toEqual({ t: 'snapshot', v: 1, meta: model.meta, rows: model.rows, at: 't9' })
    const again = BatchModel.replay([snapshot])
    expect(again.detail()).toEqual({ ...model.detail(), updatedAt: 't9' })
    expect(again.byCard.get(cardKey('04000002'))).toBe(again.rows[1])
    expect(again.byAlias.get('F-1')).toBe(again.rows[0])
    expect(again.byId.get('r2')).toBe(again.rows[1])
    // Changing the copies changes nothing of the model.
    ;(snapshot as { meta: BatchMeta }).meta.name = 'x'
    ;(snapshot as { rows: BatchRow[] }).rows[0]!.alias = 'x'
    model.detail().rows[1]!.alias = 'x'
    expect(model.meta.name).toBe('Renamed')
    expect(model.rows.map((r) => r.alias)).toEqual(['F-1', 'F-2'])
    expect(again.rows.map((r) => r.alias)).toEqual(['F-1', 'F-2'])
  })

  it('a snapshot after entries replaces everything before it', () => {
    const model = replay({ t: 'add', rows: [row(1), row(2)], nextNumber: 3 })
    model.apply({ t: 'snapshot', v: 1, meta: { ...meta(), name: 'Compacted' }, rows: [row(3)], at: 't9' })
    expect(model.rows.map((r) => r.id)).toEqual(['r3'])
    expect([...model.byId.keys()]).toEqual(['r3'])
    expect([...model.byCard.values()].map((r) => r.nfcId)).toEqual(['04000003'])
    expect([...model.byAlias.keys()]).toEqual(['F-3'])
    expect(model.meta.name).toBe('Compacted')
    expect(model.updatedAt).toBe('t9')
  })
})

describe("a row's reason kept in the journal", () => {
  it('a results line of a journal written before reasons were facts is read as it was: its English reason only', () => {
    // As such a journal holds it, parsed by the journal's own schema.
    const old = journalEntrySchema.parse({
      t: 'results',
      uploadId: 'u0',
      results: [{ rowId: 'r1', status: 'failed', reason: 'The console did not import this row.' }]
    })
    const model = replay({ t: 'add', rows: [row(1)] }, old)
    expect(model.rows[0]).toMatchObject({ status: 'failed', reason: 'The console did not import this row.' })
    expect(model.rows[0]!.reasonSaid).toBeUndefined()
  })

  it('a new result keeps the facts beside the English; the next result without a reason drops both', () => {
    const model = replay({ t: 'add', rows: [row(1)] })
    model.apply({
      t: 'results',
      uploadId: 'u1',
      results: [{ rowId: 'r1', status: 'failed', ...rowReason('notImported') }]
    })
    expect(model.rows[0]).toMatchObject({
      reason: 'The console did not import this row.',
      reasonSaid: { key: 'notImported' }
    })
    model.apply({ t: 'results', uploadId: 'u2', results: [{ rowId: 'r1', status: 'imported', token: 'tok' }] })
    expect(model.rows[0]!.reason).toBeUndefined()
    expect(model.rows[0]!.reasonSaid).toBeUndefined()
  })

  it('rows left sending by an app that stopped are to check, with the facts of why', () => {
    const model = replay(
      { t: 'add', rows: [row(1)] },
      { t: 'upload-start', uploadId: 'u1', at: 't1' },
      { t: 'sending', uploadId: 'u1', rowIds: ['r1'] },
      { t: 'upload-end', uploadId: 'u1', at: 't2' }
    )
    expect(model.rows[0]).toMatchObject({ status: 'unknown', reasonSaid: { key: 'interrupted' } })
    expect(model.rows[0]!.reason).toMatch(/^The app stopped before the console answered/)
  })
})
