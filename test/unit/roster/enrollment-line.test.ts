import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EnrollmentLine } from '../../../src/main/services/roster/enrollment-line'
import { RosterJournal } from '../../../src/main/services/roster/roster-journal'
import { RosterRun } from '../../../src/main/services/roster/roster-run'
import type { LineState } from '../../../src/shared/roster/run'
import { startDemo, type Demo } from '../access/support'
import { tempDir } from '../../support/temp'
import { cardsByOwner, freeCards, freshPeople, frozenRoster, row, userRef } from './harness'
import { readFileSync } from 'node:fs'
import { uidLengthProblem, type NfcIdProblem } from '../../../src/shared/nfc/uid'
import { readNfcCell } from '../../../src/main/services/batches/csv-nfc-id'
import { sayError } from '../../../src/shared/errors-wording'
import { Translator } from '../../../src/shared/i18n/translator'

/** A desk's words for an error in one language: the errors area, the import area beside it. */
function deskWords(language: 'en' | 'de' | 'fr' | 'es') {
  const area = (name: string) =>
    new Translator(
      language,
      JSON.parse(readFileSync(join(process.cwd(), 'src/shared/i18n/messages', name, `${language}.json`), 'utf8'))
    )
  const imports = area('import')
  return Object.assign(area('errors'), { area: () => imports })
}

describe('the enrollment line', () => {
  let demo: Demo
  let dir: Awaited<ReturnType<typeof tempDir>>
  let readerId: string

  beforeAll(async () => {
    demo = await startDemo()
    dir = await tempDir('roster-line-')
    readerId = (await demo.client().devices.list()).find((d) => d.isReader && d.online && d.adopted)!.id
  })
  afterAll(async () => {
    await demo?.stop()
    await dir?.remove()
  })

  /** Present a card once a session waits on the reader (the line starts the next one after each card). */
  const tap = async (nfcId: string, outcome?: string) => {
    for (let i = 0; i < 500; i++) {
      const sent = await demo
        .control('POST', '/__demo/taps', { device_id: readerId, nfc_id: nfcId, ...(outcome ? { outcome } : {}) })
        .then(() => true)
        .catch((err: Error) => {
          if (err.message.includes('CODE_CREDS_NFC_READ_SESSION_NOT_FOUND')) return false
          throw err
        })
      if (sent) return
      await new Promise((r) => setTimeout(r, 10))
    }
    throw new Error('no session waited on the reader')
  }

  it('binds each tapped card to the next person, skips, undoes the last, and waits again after a failure', async () => {
    const { users } = await freshPeople(demo, 4)
    const people = users.map(userRef)
    const rows = people.map((p, i) => row(i + 1, p, { kind: 'enroll' }))
    const { store, roster } = await frozenRoster(join(dir.path, 'a'), rows)
    const states: LineState[] = []
    const changed: string[] = []
    const line = new EnrollmentLine(
      {
        store,
        client: async () => demo.client(),
        emit: (event, payload) => {
          if (event === 'roster.line') states.push(payload as LineState)
        },
        rowChanged: (rowId) => changed.push(rowId),
        pollIntervalMs: 20
      },
      roster
    )
    // Each tap must reach a session: wait until the line has one waiting on the reader.
    const until = async (ready: (s: LineState) => boolean) => {
      for (let i = 0; i < 500; i++) {
        const last = states.at(-1)
        if (last && ready(last)) return last
        await new Promise((r) => setTimeout(r, 10))
      }
      throw new Error(`the line never got there: ${JSON.stringify(states.at(-1))}`)
    }

    const started = await line.start(readerId)
    expect(started).toMatchObject({
      state: 'waiting',
      current: { rowId: 'r2', name: people[0]!.name },
      next: { rowId: 'r3' },
      remaining: 4,
      deviceId: readerId,
      last: null
    })

    await tap('04A1B2C3D4E501')
    const afterFirst = await until((s) => s.state === 'waiting' && s.current?.rowId === 'r3')
    expect(afterFirst.last).toMatchObject({ rowId: 'r2', name: people[0]!.name })
    expect(states.some((s) => s.state === 'bound')).toBe(true)

    // Skip the second person: the reader keeps waiting, for the third.
    const skipped = await line.skip()
    expect(skipped).toMatchObject({ current: { rowId: 'r4' }, next: { rowId: 'r5' }, remaining: 2 })

    await tap('04A1B2C3D4E502')
    await until((s) => s.state === 'waiting' && s.current?.rowId === 'r5')

    // Undo: the third person's card is taken back on the console, and they are current again.
    const undone = await line.undo()
    expect(undone).toMatchObject({ current: { rowId: 'r4' }, last: { rowId: 'r2' }, remaining: 2 })
    let held = await cardsByOwner(demo)
    expect(held.get(people[2]!.id)).toBeUndefined()

    // A card that is not a UA card: the line says so and waits for the next tap.
    await tap('04A1B2C3D4E503', 'invalid-card')
    const failed = await until((s) => s.state === 'failed')
    expect(failed.error?.code).toBe('CODE_CREDS_NFC_CARD_INVALID')
    expect(failed.current?.rowId).toBe('r4')
    await tap('04A1B2C3D4E504')
    await until((s) => s.state === 'waiting' && s.current?.rowId === 'r5')
    await tap('04A1B2C3D4E505')
    const finished = await until((s) => s.state === 'finished')
    expect(finished).toMatchObject({ current: null, remaining: 0, last: { rowId: 'r5' } })

    held = await cardsByOwner(demo)
    expect(held.get(people[0]!.id)).toHaveLength(1)
    expect(held.get(people[1]!.id)).toBeUndefined()
    expect(held.get(people[2]!.id)).toHaveLength(1)
    expect(held.get(people[3]!.id)).toHaveLength(1)
    expect(new Set([...held.get(people[0]!.id)!, ...held.get(people[2]!.id)!, ...held.get(people[3]!.id)!]).size).toBe(
      3
    )
    // No session left on the reader once everyone has a card.
    expect((await demo.control<{ data: { sessions: number } }>('GET', '/__demo/state')).body.data.sessions).toBe(0)
    await line.close()

    // The journal says the same after a restart: bound, skipped, bound (after an undo and a new card).
    const replayed = await new RosterJournal(join(dir.path, 'a')).get('roster-1')
    const outcomes = replayed.model.outcomes()
    expect(outcomes.map((o) => o.state)).toEqual(['done', 'skipped', 'done', 'done'])
    expect(outcomes[2]!.cardToken).toBe(held.get(people[2]!.id)![0])
    expect(replayed.model.bound).toEqual(['r2', 'r4', 'r5'])
    expect(changed).toEqual(expect.arrayContaining(['r2', 'r3', 'r4', 'r5']))
  }, 30_000)
  it('says when nobody tapped in time and keeps waiting for the same person', async () => {
    const { users } = await freshPeople(demo, 1)
    const { store, roster } = await frozenRoster(join(dir.path, 'b'), [row(1, userRef(users[0]!), { kind: 'enroll' })])
    const states: LineState[] = []
    const line = new EnrollmentLine(
      {
        store,
        client: async () => demo.client(),
        emit: (event, payload) => {
          if (event === 'roster.line') states.push(payload as LineState)
        },
        rowChanged: () => undefined,
        pollIntervalMs: 20,
        timeoutMs: 200
      },
      roster
    )
    await line.start(readerId)
    for (let i = 0; i < 300 && !states.some((s) => s.error?.code === 'ENROLL_TIMEOUT'); i++)
      await new Promise((r) => setTimeout(r, 10))
    const timedOut = states.find((s) => s.error?.code === 'ENROLL_TIMEOUT')!
    expect(timedOut).toMatchObject({ state: 'waiting', current: { rowId: 'r2' } })
    await tap('04B1B2C3D4E501')
    for (let i = 0; i < 300 && states.at(-1)?.state !== 'finished'; i++) await new Promise((r) => setTimeout(r, 10))
    expect(states.at(-1)).toMatchObject({ state: 'finished', last: { rowId: 'r2' } })
    expect((await cardsByOwner(demo)).get(users[0]!.id)).toHaveLength(1)
    await line.close()
  })
  it('settles a bind cut off by a crash with the console before naming anyone', async () => {
    const { users } = await freshPeople(demo, 2)
    const [bound, next] = users.map(userRef)
    const rows = [row(1, bound!, { kind: 'enroll' }), row(2, next!, { kind: 'enroll' })]
    const { store, roster } = await frozenRoster(join(dir.path, 'c'), rows)
    // The app sent the bind and stopped before the answer; the console did bind the card.
    const card = (await freeCards(demo))[0]!
    await store.commit(roster, {
      t: 'sending',
      at: new Date().toISOString(),
      rowId: 'r2',
      step: 'card-assign',
      attempt: 1,
      detail: { token: card.token, displayId: card.display_id }
    })
    await demo.client().users.assignNfc(bound!.id, card.token)
    await store.close()
    const reopened = new RosterJournal(join(dir.path, 'c'))
    const loaded = await reopened.get('roster-1')
    expect(loaded.model.outcomes()[0]!.state).toBe('to-check')

    await new RosterRun(
      { store: reopened, client: async () => demo.client(), emit: () => undefined, pins: new Map() },
      loaded
    ).check()
    const line = new EnrollmentLine(
      { store: reopened, client: async () => demo.client(), emit: () => undefined, rowChanged: () => undefined },
      loaded
    )
    expect(line.view()).toMatchObject({
      current: { rowId: 'r3' },
      remaining: 1,
      last: { rowId: 'r2', displayId: card.display_id }
    })
    expect((await cardsByOwner(demo)).get(bound!.id)).toEqual([card.token])
  })
  it('on the USB reader: imports each third-party card tapped and binds it, or uses the free card the console holds', async () => {
    const { users } = await freshPeople(demo, 3)
    const people = users.map(userRef)
    const rows = people.map((p, i) => row(i + 1, p, { kind: 'enroll' }))
    const { store, roster } = await frozenRoster(join(dir.path, 'd'), rows)
    const beeps: string[] = []
    const line = new EnrollmentLine(
      {
        store,
        client: async () => demo.client(),
        emit: () => undefined,
        rowChanged: () => undefined,
        beep: async (_reader, kind) => (beeps.push(kind), true)
      },
      roster
    )
    const usbCard = (uid: string, problem?: string, problemSaid?: NfcIdProblem) => ({
      reader: 'ACS ACR122U',
      uid,
      atr: '3B8F8001804F0CA000000306030001000000006A',
      standard: 'TAG_ISO_14443_3',
      formats: { hex: uid, reversed: uid, decimal: '0' },
      randomUid: false,
      at: Date.now(),
      ...(problem ? { problem } : {}),
      ...(problemSaid ? { problemSaid } : {})
    })
    // A card the console already holds and nobody has; and one someone else holds.
    const client = demo.client()
    const [free, held] = await client.nfcCards.importCsv('04F0F0F0F0F0A1\n04F0F0F0F0F0A2\n')
    const other = (await freshPeople(demo, 1)).users[0]!
    await client.users.assignNfc(other.id, held!.token)

    expect(await line.start('ACS ACR122U', 'usb')).toMatchObject({
      state: 'waiting',
      current: { rowId: 'r2' },
      deviceId: 'ACS ACR122U'
    })
    expect(line.takesUsbTaps).toBe(true)
    const first = await line.usbTap(usbCard('04F0F0F0F0F0B1'))
    expect(first).toMatchObject({ state: 'waiting', current: { rowId: 'r3' }, last: { rowId: 'r2' } })
    const odd = await line.usbTap(usbCard('04F0F0', uidLengthProblem(3), { kind: 'length', bytes: 3 }))
    expect(odd).toMatchObject({ state: 'failed', current: { rowId: 'r3' }, error: { code: 'ROSTER_LINE_BAD_UID' } })
    // Said as Import's preview says a line with that ID, in English (main's words) and in every other language.
    const preview = readNfcCell('04F0F0')
    if (preview.ok) throw new Error('04F0F0 was read')
    const bad = { ...odd.error!, retryable: false }
    expect(bad.message).toBe(preview.reason)
    expect(sayError(bad, deskWords('en'), undefined, deskWords('en'))).toMatchObject({ message: preview.reason })
    for (const language of ['de', 'fr', 'es'] as const) {
      const said = sayError(bad, deskWords(language), undefined, deskWords('en'))
      expect(said.english, language).toBeUndefined()
      expect(said.message).toBe(deskWords(language).area().t('csvSaid.nfcIdInvalid', preview.said.values))
      expect(said.hint).toBe(deskWords(language).t('ROSTER_LINE_BAD_UID.hint'))
      expect(said.hint).not.toBe('Tap another card.')
    }
    const taken = await line.usbTap(usbCard('04F0F0F0F0F0A2'))
    expect(taken).toMatchObject({
      state: 'failed',
      current: { rowId: 'r3' },
      error: { code: 'ROSTER_LINE_CARD_NOT_IMPORTED' }
    })
    expect(await line.usbTap(usbCard('04F0F0F0F0F0A1'))).toMatchObject({ current: { rowId: 'r4' } })
    expect(await line.usbTap(usbCard('04F0F0F0F0F0B3'))).toMatchObject({ state: 'finished', remaining: 0 })
    expect(beeps).toEqual(['new', 'duplicate', 'duplicate', 'new', 'new'])

    const cards = (
      await demo.control<{ data: { nfc_id: string; token: string; alias: string; owner: { id: string } | null }[] }>(
        'GET',
        '/__demo/state/cards'
      )
    ).body.data
    const ownerOf = (nfcId: string) => cards.filter((c) => c.nfc_id === nfcId).map((c) => c.owner?.id)
    expect(ownerOf('04F0F0F0F0F0B1')).toEqual([people[0]!.id])
    expect(ownerOf('04F0F0F0F0F0A1')).toEqual([people[1]!.id])
    expect(ownerOf('04F0F0F0F0F0A2')).toEqual([other.id])
    expect(ownerOf('04F0F0F0F0F0B3')).toEqual([people[2]!.id])
    expect(free!.token).toBe(cards.find((c) => c.nfc_id === '04F0F0F0F0F0A1')!.token)
    await line.close()

    const replayed = await new RosterJournal(join(dir.path, 'd')).get('roster-1')
    expect(replayed.model.outcomes().map((o) => o.state)).toEqual(['done', 'done', 'done'])
    expect(replayed.model.outcomes()[0]!.steps.map((s) => [s.step, s.state])).toEqual([
      ['card-import', 'done'],
      ['card-assign', 'done']
    ])
  })
})
