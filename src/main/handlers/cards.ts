import type { AppServices } from '../services/app-services'
import type { HandlersOf } from './types'

export function cardHandlers({ cards, events }: AppServices): HandlersOf<'cards'> {
  return {
    'cards.load': async ({ refresh, stream, view }) => {
      let first = true
      const { cards: all, fetchedAt } = await cards.load(refresh ?? false, (index) => {
        // The first part goes out with the rows the screen shows: its first rows wait for one message.
        if (first && view) {
          void cards.view(view).then(
            (answer) => events.emit('cards.part', { stream, index, view: answer }),
            // The rows are asked for again once the screen hears of the part.
            () => events.emit('cards.part', { stream, index })
          )
        } else events.emit('cards.part', { stream, index })
        first = false
      })
      return { fetchedAt, total: all.length }
    },
    'cards.view': (query) => cards.view(query),
    'cards.get': ({ token }) => cards.get(token),
    'cards.rename': ({ token, edit }) => cards.rename(token, edit),
    'cards.assign': ({ token, owner, force, seen }) => cards.assign(token, owner, force, seen),
    'cards.unassign': ({ token, seen }) => cards.unassign(token, seen),
    'cards.delete': async ({ token, seen }) => {
      await cards.remove(token, seen)
      return { deleted: true as const }
    },
    'cards.capabilities': () => cards.capabilities()
  }
}
