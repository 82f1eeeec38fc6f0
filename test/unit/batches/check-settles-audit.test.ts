import { describe, expect, it } from 'vitest'
import { checkedRequests, linkAuditRows } from '../../../src/main/services/batches/check-settles-audit'

/**
 * What "Check with the console" says of each upload request whose answer was lost (its audit row),
 * from the journal's link of rows to that row: all found, none found (only when "not there" is sure),
 * or how many of how many. The app-level tests (audit/settle-checked-upload, settle-upload-server-error)
 * run it against the demo console.
 */
describe('checkedRequests', () => {
  const links = () => {
    const map = new Map<string, string>()
    linkAuditRows(map, {
      t: 'results',
      uploadId: 'u1',
      auditRowId: 'audit-1',
      results: [
        { rowId: 'a', status: 'unknown' },
        { rowId: 'b', status: 'unknown' }
      ]
    })
    linkAuditRows(map, { t: 'results', uploadId: 'u1', results: [{ rowId: 'c', status: 'imported', token: 't' }] })
    return map
  }

  it('none found: Not done, saying none of the 2 (also while some console cards hide their NFC ID)', () => {
    const found = checkedRequests(links(), [
      { rowId: 'a', status: 'pending' },
      { rowId: 'b', status: 'pending' }
    ])
    expect([...found]).toEqual([['audit-1', { done: false, fact: { kind: 'readBackFound', found: 0, sent: 2 } }]])
  })

  it('some found: Partly done, saying 1 of 2', () => {
    const found = checkedRequests(links(), [
      { rowId: 'a', status: 'imported', token: 't' },
      { rowId: 'b', status: 'pending' }
    ])
    expect([...found]).toEqual([['audit-1', { done: 'partly', fact: { kind: 'readBackFound', found: 1, sent: 2 } }]])
  })

  it('a row settled since (imported, or sent again) no longer counts for the lost request', () => {
    const map = links()
    linkAuditRows(map, { t: 'results', uploadId: 'u2', results: [{ rowId: 'b', status: 'imported', token: 't2' }] })
    expect([...map]).toEqual([['a', 'audit-1']])
    const found = checkedRequests(map, [{ rowId: 'a', status: 'imported', token: 't' }])
    expect([...found]).toEqual([['audit-1', { done: true, fact: { kind: 'readBackFound', found: 1, sent: 1 } }]])
  })
})
