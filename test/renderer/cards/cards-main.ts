import { CardViews } from '../../../src/main/services/cards/card-view'
import type { NfcCard } from '../../../src/shared/access/nfc-cards'
import type { CardViewQuery } from '../../../src/shared/nfc/card-view'
import type { Envelope } from '../../../src/shared/ipc/define'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { eventBridge, ok } from '../enroll/event-bridge'
import { checkSeen, type Seen, type SeenAction } from '../../../src/shared/seen/seen'
import { ownerName } from '../../../src/shared/nfc/card-view'
import { AppError } from '../../../src/shared/errors'

/**
 * Main's rule for an action carrying `seen` (shared/seen's own checkSeen, on the card held): the
 * CHANGED_SINCE_SHOWN refusal main sends, or null to act.
 */
function seenRefusal(action: SeenAction, seen: Seen | undefined, card: NfcCard | undefined): Envelope | null {
  if (!card) return null
  try {
    checkSeen(action, seen, {
      ownerId: card.user_id || null,
      ownerName: ownerName(card) || card.user_id,
      card: card.display_id
    })
    return null
  } catch (err) {
    return { ok: false, error: AppError.from(err).toData() } as Envelope
  }
}

export const card = (n: number, alias = '', status: NfcCard['status'] = 'pending'): NfcCard => ({
  token: `tok-${n}`,
  display_id: String(n).padStart(4, '0'),
  status,
  alias,
  card_type: 'ua_card',
  user_id: '',
  user_type: '',
  user: null
})
export const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => card(from + i))

interface Load {
  stream: string
  refresh?: boolean
  view?: CardViewQuery
  answer: (e: Envelope) => void
}

/**
 * Main as the Cards screen meets it, with main's own answers to cards.view (CardViews over the
 * cards `held`): cards.load waits until told (`part` says a part arrived, `done` completes it with
 * the cards given), as a console read of several pages does. `answerAtOnce`: each load completes
 * at once with the cards held then (a console that changed between loads: set `state.held`).
 * `capabilities`: the token's answer to cards.capabilities (default: it may edit).
 */
export function cardsMain(
  initial: NfcCard[] = [],
  options: {
    answerAtOnce?: boolean
    capabilities?: {
      canEdit: boolean
      missingPermission?: string
      canAssign?: boolean
      assignMissingPermission?: string
    }
  } = {}
) {
  const views = new CardViews()
  const state = {
    held: initial,
    complete: initial.length > 0,
    arrived: [] as NfcCard[],
    holdViews: false,
    /** Users the person search finds (cards.assign gives the card to the one picked). */
    people: [] as { id: string; first_name: string; last_name: string; full_name?: string }[]
  }
  /** With `state.holdViews`: the cards.view answers not given yet, in the order asked (call one to answer it). */
  const heldViews: (() => void)[] = []
  const loads: Load[] = []
  const viewOf = (query: CardViewQuery) =>
    state.complete ? views.answer(state.held, true, query) : views.answer(state.arrived, false, query)
  const bridge = eventBridge({
    'cards.load': (input) => {
      if (options.answerAtOnce) return ok({ fetchedAt: Date.now(), total: state.held.length })
      return new Promise<Envelope>((answer) => loads.push({ ...(input as Omit<Load, 'answer'>), answer }))
    },
    'cards.view': (input) => {
      const answer = () => ok(viewOf(input as CardViewQuery))
      if (!state.holdViews) return answer()
      return new Promise<Envelope>((resolve) => heldViews.push(() => resolve(answer())))
    },
    'cards.capabilities': () => ok(options.capabilities ?? { canEdit: true }),
    'cards.rename': (input) => {
      const { token, edit } = input as { token: string; edit: { changes: { alias: string } } }
      const alias = edit.changes.alias
      state.held = state.held.map((c) => (c.token === token ? { ...c, alias } : c))
      return ok({ outcome: 'saved', record: state.held.find((c) => c.token === token), sent: ['alias'] })
    },
    'cards.get': (input) => ok(state.held.find((c) => c.token === (input as { token: string }).token)),
    'cards.assign': (input) => {
      const { token, owner, seen } = input as {
        token: string
        owner: { type: string; id: string; name?: string }
        seen?: Seen
      }
      const refusal = seenRefusal(
        'cards.assign',
        seen,
        state.held.find((c) => c.token === token)
      )
      if (refusal) return refusal
      const user = { id: owner.id, name: owner.name ?? '' }
      state.held = state.held.map((c) =>
        c.token === token ? { ...c, status: 'assigned', user_id: owner.id, user_type: 'USER', user } : c
      ) as NfcCard[]
      return ok(state.held.find((c) => c.token === token))
    },
    'cards.unassign': (input) => {
      const { token, seen } = input as { token: string; seen?: Seen }
      const refusal = seenRefusal(
        'cards.unassign',
        seen,
        state.held.find((c) => c.token === token)
      )
      if (refusal) return refusal
      state.held = state.held.map((c) =>
        c.token === token ? { ...c, status: 'pending', user_id: '', user_type: '', user: null } : c
      ) as NfcCard[]
      return ok(state.held.find((c) => c.token === token))
    },
    'users.search': () => ok({ items: state.people, total: state.people.length }),
    'visitors.list': () => ok({ items: [], total: 0 }),
    'cards.delete': (input) => {
      const { token, seen } = input as { token: string; seen?: Seen }
      const refusal = seenRefusal(
        'cards.delete',
        seen,
        state.held.find((c) => c.token === token)
      )
      if (refusal) return refusal
      state.held = state.held.filter((c) => c.token !== (input as { token: string }).token)
      return ok({ deleted: true })
    }
  })
  setApiForTests(bridge.bridge)
  const load = () => loads.at(-1)!
  /** Part `index` arrived with these cards (the first carries the view the load asked for). */
  const part = (index: number, cards: NfcCard[], stream = load().stream) => {
    if (!state.complete) state.arrived = [...state.arrived, ...cards]
    const view = index === 0 && load().view ? viewOf(load().view!) : undefined
    bridge.emit('cards.part', { stream, index, ...(view ? { view } : {}) })
  }
  /** The load is complete: main now holds `cards`. */
  const done = (cards: NfcCard[]) => {
    state.held = cards
    state.complete = true
    load().answer(ok({ fetchedAt: Date.now(), total: cards.length }))
  }
  const fail = (message: string) =>
    load().answer({ ok: false, error: { kind: 'network', message, hint: 'Try again.', retryable: true } })
  return { state, loads, part, done, fail, heldViews, calls: bridge.calls, emit: bridge.emit, answers: bridge.answers }
}
