import type { AppServices } from '../services/app-services'
import type { HandlersOf } from './types'

export function cardHandlers({ cards }: AppServices): HandlersOf<'cards'> {
  return {
    'cards.all': async (input) => {
      const { cards: all, fetchedAt } = await cards.all(input?.refresh)
      return { cards: all, fetchedAt }
    },
    'cards.get': ({ token }) => cards.get(token),
    'cards.rename': ({ token, alias }) => cards.rename(token, alias),
    'cards.assign': ({ token, owner, force }) => cards.assign(token, owner, force),
    'cards.unassign': ({ token }) => cards.unassign(token),
    'cards.delete': async ({ token }) => {
      await cards.remove(token)
      return { deleted: true as const }
    },
    'cards.capabilities': () => cards.capabilities()
  }
}
