import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { applyEdit } from '../../../src/shared/edits/apply-edit'
import { editOf, resolveConflicts, type EditOf } from '../../../src/shared/edits/edit'
import { asSet, same, structural, trimmed, type FieldKinds } from '../../../src/shared/edits/equality'

/** A record of three kinds of field, as the forms have them (text, a number, doors as a set). */
interface Rec {
  name: string
  phone: string
  start: number
  doors: string[]
}
const kinds: FieldKinds<Rec> = { name: trimmed, phone: trimmed, start: same, doors: asSet((d: string) => d) }
const fields = Object.keys(kinds) as (keyof Rec)[]

const rec = fc.record({
  name: fc.constantFrom('Ada', 'Ada ', 'Grace', ''),
  phone: fc.constantFrom('', '+44 1', '+44 2'),
  start: fc.constantFrom(100, 200),
  doors: fc.subarray(['a', 'b', 'c'])
})

/** An edit target over one record in memory: every write recorded with the fields it carried. */
function memory(initial: Rec) {
  let held = { ...initial }
  const writes: Partial<Rec>[] = []
  return {
    writes,
    held: () => held,
    target: {
      read: async () => held,
      fields: (r: Rec) => r,
      write: async (send: Partial<Rec>) => {
        writes.push(send)
        held = { ...held, ...send }
        return held
      }
    }
  }
}

describe('applyEdit: one mechanism for every edit form', () => {
  it('never writes a field the person did not change, and writes nothing while a field conflicts', async () => {
    await fc.assert(
      fc.asyncProperty(rec, rec, rec, async (opened, now, console) => {
        const edit = editOf(opened, now, kinds)
        const store = memory(console)
        const outcome = await applyEdit(store.target, edit, kinds)
        const changed = Object.keys(edit.changes)
        // A field not in the edit's changes is never in a body.
        for (const body of store.writes) for (const key of Object.keys(body)) expect(changed).toContain(key)
        for (const field of fields) {
          if (!changed.includes(field)) expect(store.held()[field]).toEqual(console[field])
        }
        const conflicting = changed.filter(
          (f) =>
            !kinds[f as keyof Rec](console[f as keyof Rec] as never, opened[f as keyof Rec] as never) &&
            !kinds[f as keyof Rec](console[f as keyof Rec] as never, now[f as keyof Rec] as never)
        )
        if (conflicting.length > 0) {
          expect(outcome.outcome).toBe('conflicts')
          if (outcome.outcome === 'conflicts')
            expect(outcome.conflicts.map((c) => c.field).sort()).toEqual(conflicting.sort())
          expect(store.writes).toEqual([])
        } else {
          expect(outcome.outcome).toBe('saved')
          // At most one write, and what the person changed is now on the console.
          expect(store.writes.length).toBeLessThanOrEqual(1)
          for (const f of changed)
            expect(kinds[f as keyof Rec](store.held()[f as keyof Rec] as never, now[f as keyof Rec] as never)).toBe(
              true
            )
        }
      })
    )
  })

  it('an edit holds only the fields whose value changed on the form, each with the value it opened with', () => {
    fc.assert(
      fc.property(rec, rec, (opened, now) => {
        const edit = editOf(opened, now, kinds)
        for (const field of fields) {
          const changed = !kinds[field](opened[field] as never, now[field] as never)
          expect(field in edit.changes).toBe(changed)
          expect(field in edit.base).toBe(changed)
          if (changed) expect(edit.base[field]).toEqual(opened[field])
        }
      })
    )
  })

  it('the remarks written here leave the phone another desk wrote meanwhile (the bug this replaces)', async () => {
    const opened: Rec = { name: 'Ada', phone: '', start: 100, doors: ['a'] }
    const store = memory({ ...opened, phone: '+44 1' }) // another desk added the phone
    const edit = editOf(opened, { ...opened, name: 'Ada L.' }, kinds)
    expect(await applyEdit(store.target, edit, kinds)).toMatchObject({ outcome: 'saved', sent: ['name'] })
    expect(store.writes).toEqual([{ name: 'Ada L.' }])
    expect(store.held()).toEqual({ name: 'Ada L.', phone: '+44 1', start: 100, doors: ['a'] })
  })

  it('a conflict is resolved per field: "theirs" is kept (never written), "yours" is written over the console value', async () => {
    const opened: Rec = { name: 'Ada', phone: '', start: 100, doors: ['a'] }
    const store = memory({ ...opened, name: 'Ada K.', phone: '+44 2' })
    const edit: EditOf<Rec> = editOf(opened, { ...opened, name: 'Ada L.', phone: '+44 1' }, kinds)
    const first = await applyEdit(store.target, edit, kinds)
    expect(first).toEqual({
      outcome: 'conflicts',
      conflicts: [
        { field: 'name', yours: 'Ada L.', theirs: 'Ada K.' },
        { field: 'phone', yours: '+44 1', theirs: '+44 2' }
      ]
    })
    expect(store.writes).toEqual([])
    if (first.outcome !== 'conflicts') return
    const next = resolveConflicts(edit, first.conflicts, { name: 'yours', phone: 'theirs' })
    expect(next).toEqual({
      base: { name: 'Ada K.', phone: '+44 2' },
      changes: { name: 'Ada L.', phone: '+44 1' },
      keep: ['phone']
    })
    expect(await applyEdit(store.target, next, kinds)).toMatchObject({ outcome: 'saved', sent: ['name'] })
    expect(store.writes).toEqual([{ name: 'Ada L.' }])
    expect(store.held()).toMatchObject({ name: 'Ada L.', phone: '+44 2' })
  })

  it('a choice made against a value the console changed again since is asked again: nothing written', async () => {
    const opened: Rec = { name: 'Ada', phone: '', start: 100, doors: ['a'] }
    const store = memory({ ...opened, name: 'Ada K.', phone: '+44 2' })
    const edit = editOf(opened, { ...opened, name: 'Ada L.', phone: '+44 1' }, kinds)
    const first = await applyEdit(store.target, edit, kinds)
    if (first.outcome !== 'conflicts') throw new Error('a conflict was expected')
    // While the choice is made, another desk changes both fields again.
    await store.target.write({ name: 'Ada M.', phone: '+44 3' })
    store.writes.length = 0
    const next = resolveConflicts(edit, first.conflicts, { name: 'yours', phone: 'theirs' })
    expect(await applyEdit(store.target, next, kinds)).toEqual({
      outcome: 'conflicts',
      conflicts: [
        { field: 'name', yours: 'Ada L.', theirs: 'Ada M.' },
        { field: 'phone', yours: '+44 1', theirs: '+44 3' }
      ]
    })
    expect(store.writes).toEqual([])
    expect(store.held()).toMatchObject({ name: 'Ada M.', phone: '+44 3' })
  })

  it('a change the console already holds, or an empty edit, writes nothing', async () => {
    const opened: Rec = { name: 'Ada', phone: '', start: 100, doors: ['a', 'b'] }
    const store = memory({ ...opened, doors: ['b', 'c'] })
    const edit = editOf(opened, { ...opened, doors: ['c', 'b'] }, kinds)
    expect(await applyEdit(store.target, edit, kinds)).toMatchObject({ outcome: 'saved', sent: [] })
    expect(await applyEdit(store.target, { base: {}, changes: {} }, kinds)).toMatchObject({ sent: [] })
    expect(store.writes).toEqual([])
  })

  it('compares each kind of field as a person means it', () => {
    expect(trimmed(' Ada ', 'Ada')).toBe(true)
    expect(trimmed(undefined, '')).toBe(true)
    expect(asSet((d: string) => d)(['a', 'b'], ['b', 'a'])).toBe(true)
    expect(asSet((d: string) => d)(['a'], ['a', 'b'])).toBe(false)
    expect(structural({ a: 1, b: [1, 2] }, { b: [1, 2], a: 1 })).toBe(true)
    expect(structural({ a: 1, b: [1, 2] }, { a: 1, b: [2, 1] })).toBe(false)
  })
})
