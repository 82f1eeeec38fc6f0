import { AppError } from '../errors'
// The schema lives apart so a screen that only needs the code or the types loads no zod before its first paint.
import type { Seen } from './seen-schema'

export type { Seen }

/** The code main answers when the record changed since the screen showed it. */
export const CHANGED_SINCE_SHOWN = 'CHANGED_SINCE_SHOWN'

/**
 * Every action that carries `seen`, with the facts its question depends on: one table, held by
 * test/unit/seen/seen-actions.test.ts (each against the demo console with a second writer).
 */
export const seenActions = {
  /** "Take card X back from Gus?": who holds it. */
  'cards.unassign': ['ownerId'],
  /** "It is a spare card, nobody loses access" or "It belongs to Uma": who holds it. */
  'cards.delete': ['ownerId'],
  /** "Give the card" to someone: a card someone got meanwhile is not given silently. */
  'cards.assign': ['ownerId'],
  /**
   * "Assign PIN" to someone said to have none, or "Replace X's PIN?": whether they hold one, and which
   * (its digest): a PIN another desk put in place of the one shown is not replaced on the old question.
   */
  'pins.assign': ['hasPin', 'pinDigest'],
  /**
   * "Cancel this visit?" with its status and window as the dialog said them: a visit checked in,
   * cancelled or moved meanwhile is not cancelled on the old question.
   */
  'visitors.cancel': ['status', 'startTime', 'endTime'],
  /**
   * "Delete this visitor?" about the visitor as shown (their status and window): one checked in, cancelled
   * or moved meanwhile is asked about again, never deleted on the old question.
   */
  'visitors.delete': ['status', 'startTime', 'endTime'],
  /** "End this visit now?" with its status and window as the dialog said them: one checked out or moved meanwhile is asked again. */
  'visitors.endVisit': ['status', 'startTime', 'endTime'],
  /** Visitors' "Assign PIN" to a visitor shown with none, or "Replace X's PIN?": whether they hold one, and which. */
  'visitors.assignNewPin': ['hasPin', 'pinDigest'],
  /** "Give the pass" to someone: a pass someone got meanwhile is not given over them. */
  'touchPasses.assign': ['holderId'],
  /** "Take the Touch Pass back from Kofi?": who holds it (and whose name "Also clear the name" meant). */
  'touchPasses.unassign': ['holderId']
} as const satisfies Record<string, readonly (keyof Seen)[]>
export type SeenAction = keyof typeof seenActions

/** The record's facts as main read them now (what `seen` is compared with), with the names the screen says. */
export interface SeenNow {
  ownerId?: string | null
  /** Who holds the card now, for the question ("Take card X back from Uma Ng?"). */
  ownerName?: string
  ownerType?: 'user' | 'visitor'
  hasPin?: boolean
  /** Which PIN they hold now (shared/seen/pin-digest.ts), null for none. */
  pinDigest?: string | null
  /** The visit's status as the screen would show it now, and its window (the cancel question says them). */
  status?: string | null
  startTime?: number | null
  endTime?: number | null
  /** Whose PIN (the person's name), whose visit (the person's name) or which card (its number), for the words. */
  name?: string
  card?: string
  /** Who holds the Touch Pass now (null: nobody), with their name, and the pass's card id, for the words. */
  holderId?: string | null
  holderName?: string
  pass?: string
}

/** The facts of `action` the person saw that differ from the record now (empty: act). */
export function seenDiffers(action: SeenAction, seen: Seen | undefined, now: SeenNow): (keyof Seen)[] {
  if (!seen) return []
  return seenActions[action].filter((fact) => fact in seen && (seen[fact] ?? null) !== (now[fact] ?? null))
}

/** Whether the screen showed them holding a PIN: said by `hasPin`, else by a digest (null: none). */
function shownHoldingPin(seen: Seen | undefined): boolean {
  if (seen?.hasPin !== undefined) return seen.hasPin === true
  return typeof seen?.pinDigest === 'string'
}

/**
 * Throws CHANGED_SINCE_SHOWN, nothing sent, when what the person saw is not the record now. Its
 * `details` carry the facts now (the screen asks again with them) and `said`, which sentence says it.
 */
export function checkSeen(action: SeenAction, seen: Seen | undefined, now: SeenNow): void {
  if (seenDiffers(action, seen, now).length === 0) return
  const facts = Object.fromEntries(Object.entries(now).filter(([, v]) => v !== undefined))
  const depends = seenActions[action] as readonly (keyof Seen)[]
  const said = depends.includes('hasPin')
    ? now.hasPin
      ? // Shown holding a PIN and holding one still: it is another PIN than the one shown.
        shownHoldingPin(seen)
        ? 'pinChanged'
        : 'pin'
      : 'noPin'
    : depends.includes('status')
      ? // A cancelled visitor can still be deleted: that question is asked again, not closed.
        now.status === 'CANCELLED' && action !== 'visitors.delete'
        ? 'visitCancelled'
        : 'visitChanged'
      : depends.includes('holderId')
        ? now.holderId
          ? 'holder'
          : 'noHolder'
        : now.ownerId
          ? 'owner'
          : 'noOwner'
  const name = now.name ?? ''
  const owner = now.ownerName || now.ownerId || ''
  const holder = now.holderName || now.holderId || ''
  const message = {
    holder: `Touch Pass ${now.pass ?? ''} is held by ${holder} now (changed meanwhile by another desk or the console's own page); nothing was sent.`,
    noHolder: `Touch Pass ${now.pass ?? ''} is held by nobody now (changed meanwhile by another desk or the console's own page); nothing was sent.`,
    pin: `${name} holds a PIN now (given meanwhile by another desk or the console's own page); nothing was sent.`,
    pinChanged: `${name}'s PIN was changed meanwhile (by another desk or the console's own page); nothing was sent.`,
    noPin: `${name} holds no PIN now (removed meanwhile by another desk or the console's own page); nothing was sent.`,
    owner: `Card ${now.card ?? ''} belongs to ${owner} now (changed meanwhile by another desk or the console's own page); nothing was sent.`,
    noOwner: `Card ${now.card ?? ''} belongs to nobody now (changed meanwhile by another desk or the console's own page); nothing was sent.`,
    visitCancelled: `${name}'s visit is cancelled already (by another desk or the console's own page); nothing was sent.`,
    visitChanged: `${name}'s visit changed meanwhile (its status or times, by another desk or the console's own page); nothing was sent.`
  }[said]
  throw new AppError({
    kind: 'conflict',
    code: CHANGED_SINCE_SHOWN,
    message,
    hint:
      said === 'visitCancelled'
        ? 'There is nothing left to cancel; if they are coming after all, create a new visit.'
        : 'Read the question again with what the console holds now, and answer it again.',
    details: { ...facts, said, owner, name, holder }
  })
}
