import type { AuditCard, AuditTouchPass } from '../../../shared/audit/schemas'
import type { NfcCard } from '../../../shared/access/nfc-cards'
import { freeToGive, type TouchPass } from '../../../shared/access/touch-passes'
import { userDisplayName, type User } from '../../../shared/access/users'
import { visitorDisplayName, type Visitor } from '../../../shared/access/visitors'
import { cardNfcId } from '../../../shared/nfc/card-number'
import { ownerName } from '../../../shared/nfc/card-view'
import { readerName } from '../../../shared/access/reader-name'
import type { AccessClient } from '../access/client'
import type { CallOptions, ReadBefore } from '../access/http'
import type { Recall } from './audit-log'

/**
 * The reads a recorder may make before a write (and after one whose outcome was lost), to name what the request names only by id: the
 * access client of the console written to satisfies it (connections gives it when it builds the
 * client). GETs are never recorded as writes.
 */
export interface AuditReader {
  /** `all`: an import checked later looks its cards up (later-checks.ts). */
  nfcCards: Pick<AccessClient['nfcCards'], 'get' | 'all'>
  /** `all` and `assignable`: the passes before a purchase or a batch of passes (`passesBefore`). */
  touchPasses: Pick<AccessClient['touchPasses'], 'get' | 'all' | 'assignable'>
  users: Pick<AccessClient['users'], 'get'>
  /** `all` and `qrCodes`: for the check of an Unknown row when the console answers again (later-checks.ts). */
  visitors: Pick<AccessClient['visitors'], 'get' | 'all'>
  qrCodes: Pick<AccessClient['qrCodes'], 'download'>
  /** A reader an enrollment starts on, named as Enroll names it (its door): shared/access/reader-name.ts. */
  devices: Pick<AccessClient['devices'], 'list'>
  doors: Pick<AccessClient['doors'], 'list'>
}

/**
 * What a write is about, by id: named before it is sent, as the console holds it then (a card's
 * alias and owner, a pass's holder, a person's name all change: an earlier row is only a fallback).
 */
export interface WriteSubjects {
  /** The user or visitor the write is about (its target). */
  person?: { kind: 'user' | 'visitor'; id: string }
  /** A card by token: its number, alias and owner at the time. */
  card?: { token: string }
  /** A Touch Pass by id: its card id and holder at the time. */
  touchPass?: { id: string }
  /** A reader by its device id: named as Enroll names it (its door, name and model). */
  reader?: { id: string }
  /**
   * The passes before the write, by id, for its later check (later-checks.ts): `listed`, the whole list
   * (a purchase: the passes it bought are the new ones); `free`, those nobody holds (a batch given:
   * a user given one holds a pass that was free before).
   */
  passesBefore?: 'listed' | 'free'
}

export interface WriteNames {
  personName?: string
  /** The reader, as Enroll names it ("Front Door · UA-G2-PRO-D0C1 · UA-G2-PRO"). */
  readerName?: string
  card?: AuditCard
  touchPass?: AuditTouchPass
  /**
   * What the console held just before the write, as read then (never from an earlier row, which may
   * be out of date): a rename says old → new, an assignment of a PIN to someone who held one is a
   * replacement. Absent when the read was not made or failed.
   */
  before?: {
    cardAlias?: string
    passName?: string
    heldPin?: boolean
    /** The console's token of the PIN held (never the PIN; never written to the journal): a later check compares it. */
    pinToken?: string | null
    /** The passes before the write (`passesBefore`), by id; held in memory for a later check, never journalled. */
    passIds?: string[]
  }
  /** A visitor as read before the write: their company and the visit's window (audit-service `visitorRow`). */
  visit?: { company: string; start?: number; end?: number }
}

/**
 * A read must not hold a write up for long: past this it is given up and the write goes on with
 * what the request and earlier rows named (the read's failure never fails the write).
 */
const READ_LIMIT_MS = 3_000

/** An NFC card as Cards names it: its number (display id), NFC ID in hex when the number is a UID, alias, owner. */
function namedCard(card: NfcCard): AuditCard {
  const nfc = cardNfcId(card.display_id)
  const owner = ownerName(card)
  return {
    token: card.token,
    number: card.display_id,
    ...(nfc ? { nfcId: nfc.hex } : {}),
    ...(card.alias ? { alias: card.alias } : {}),
    ...(card.user_type && owner
      ? { owner: { kind: card.user_type === 'VISITOR' ? 'visitor' : 'user', name: owner } }
      : {})
  }
}

/** A Touch Pass as Touch Passes names it: its card id (its id when it has none), its name, and its holder. */
export function namedTouchPass(
  pass: Pick<TouchPass, 'id' | 'card_id' | 'user_name'> & { card_name?: string | undefined }
): AuditTouchPass {
  return {
    id: pass.id,
    cardId: pass.card_id || pass.id,
    ...(pass.card_name ? { name: pass.card_name } : {}),
    ...(pass.user_name ? { holder: pass.user_name } : {})
  }
}

/** A read, bounded in time; undefined when it fails or takes too long. */
async function tryRead<T>(read: (options: CallOptions) => Promise<T>): Promise<T | undefined> {
  try {
    return await read({ signal: AbortSignal.timeout(READ_LIMIT_MS), timeoutMs: READ_LIMIT_MS })
  } catch {
    return undefined
  }
}

/** A display name that is not merely the id it falls back on. */
const nameOrNone = (name: string, id: string): string | undefined => (name && name !== id ? name : undefined)

/**
 * Names the subjects of a write as the console holds them just before it is sent: what the request
 * named (`requestName`) stands; the rest is read through `reader` (a cheap GET each, in parallel).
 * An earlier row (`recall`) names only what could not be read (no reader, a read that failed): it
 * may be out of date (an alias changed since, a pass given to someone else), so it never comes first.
 */
export async function nameSubjects(
  subjects: WriteSubjects,
  input: {
    requestName?: string | undefined
    recall: Recall
    reader?: AuditReader | undefined
    /** What the write's caller read just before it (a purchase's pass list): used as read, never read again. */
    readBefore?: ReadBefore | undefined
  }
): Promise<WriteNames> {
  const { person, card, touchPass } = subjects
  const { recall, reader } = input

  const before: NonNullable<WriteNames['before']> = {}
  let visit: WriteNames['visit']

  const personName = async (): Promise<string | undefined> => {
    // A visitor is read even when the request names them: their row carries the company and the window.
    if (!person || (input.requestName && person.kind !== 'visitor')) return input.requestName
    // Their record also says whether they hold a PIN (a PIN request never names them).
    const read = reader
      ? person.kind === 'user'
        ? await tryRead((o) => reader.users.get(person.id, o))
        : await tryRead((o) => reader.visitors.get(person.id, o))
      : undefined
    if (read) {
      before.heldPin = Boolean(read.pin_code?.token)
      before.pinToken = read.pin_code?.token ?? null
    }
    if (read && person.kind === 'visitor') {
      const v = read as Visitor
      visit = {
        company: v.visitor_company ?? '',
        ...(v.start_time !== undefined ? { start: v.start_time } : {}),
        ...(v.end_time !== undefined ? { end: v.end_time } : {})
      }
    }
    const readName = read
      ? nameOrNone(
          person.kind === 'user' ? userDisplayName(read as User) : visitorDisplayName(read as Visitor),
          read.id
        )
      : undefined
    // The caller's name (read from the console a while ago) before an earlier row's (older still).
    return input.requestName || readName || input.readBefore?.personName || recall.person(person.kind, person.id)
  }

  const cardNames = async (): Promise<AuditCard | undefined> => {
    if (!card) return undefined
    const read = reader ? await tryRead((o) => reader.nfcCards.get(card.token, o)) : undefined
    if (read) before.cardAlias = read.alias
    if (read) return namedCard(read)
    // The caller's number (as its screen showed it) before an earlier row's, which may not name this card.
    const shown = input.readBefore?.cardNumber
    if (!shown) return recall.card(card.token)
    const nfc = cardNfcId(shown)
    return { ...recall.card(card.token), token: card.token, number: shown, ...(nfc ? { nfcId: nfc.hex } : {}) }
  }

  const passNames = async (): Promise<AuditTouchPass | undefined> => {
    if (!touchPass) return undefined
    const read = reader ? await tryRead((o) => reader.touchPasses.get(touchPass.id, o)) : undefined
    if (read) before.passName = read.card_name
    return read ? namedTouchPass(read) : recall.touchPass(touchPass.id)
  }

  const passesBefore = async (): Promise<void> => {
    // The list the purchase's own service read a moment ago: a second read of up to thousands of passes
    // would only delay the purchase (touch-pass-service.ts hands it over).
    const given = subjects.passesBefore === 'listed' ? input.readBefore?.passes : undefined
    if (given) {
      before.passIds = given.map((p) => p.id)
      return
    }
    if (!subjects.passesBefore || !reader) return
    const read =
      subjects.passesBefore === 'listed'
        ? await tryRead((o) => reader.touchPasses.all(o))
        : await tryRead((o) => reader.touchPasses.assignable(o))
    if (read) before.passIds = read.filter((p) => subjects.passesBefore === 'listed' || freeToGive(p)).map((p) => p.id)
  }

  const readerNamed = async (): Promise<string | undefined> => {
    if (!subjects.reader || !reader) return undefined
    const [devices, doors] = await Promise.all([
      tryRead((o) => reader.devices.list(o)),
      tryRead((o) => reader.doors.list(o))
    ])
    const device = devices?.find((d) => d.id === subjects.reader!.id)
    return device ? readerName(device, doors ?? []) : undefined
  }

  const [name, cardNamed, passNamed, , namedReader] = await Promise.all([
    personName(),
    cardNames(),
    passNames(),
    passesBefore(),
    readerNamed()
  ])
  return {
    ...(name ? { personName: name } : {}),
    ...(namedReader ? { readerName: namedReader } : {}),
    ...(cardNamed ? { card: cardNamed } : {}),
    ...(passNamed ? { touchPass: passNamed } : {}),
    ...(Object.keys(before).length ? { before } : {}),
    ...(visit ? { visit } : {})
  }
}

/**
 * The name of the CSV a batch's upload sends (E16 takes the cards as a file): made here, with the one
 * reading of it below, so the audit says what the person did — "2 cards from batch “Lobby”" — and
 * never names a file that does not exist (the cards were tapped, typed or read from a CSV; the chunk
 * is made by the upload). Characters a file name cannot hold become "-"; the batch's name otherwise
 * stays as the person wrote it.
 */
export function batchUploadFilename(batchName: string, part: number): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what a file name cannot hold
  const name = batchName.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, '-').trim() || 'batch'
  return `${name} (batch, part ${part}).csv`
}

/** The batch a file name of `batchUploadFilename` names; null for any other file (a person's own CSV). */
export function batchOfUploadFilename(filename: string): string | null {
  return /^(.+) \(batch, part \d+\)\.csv$/.exec(filename)?.[1] ?? null
}
