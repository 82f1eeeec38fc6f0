import { packNfcCard } from '../../shared/access/nfc-card-pack'
import type { AppServices } from '../services/app-services'
import type { HandlersOf } from './types'

export function cardHandlers({ cards, events }: AppServices): HandlersOf<'cards'> {
  return {
    'cards.all': async (input) => {
      const { cards: all, fetchedAt } = await cards.all(input?.refresh)
      return { cards: all, fetchedAt }
    },
    'cards.load': async ({ refresh, stream, held }) => {
      // Each page goes to the screen as it arrives: over Electron IPC one structured clone of that
      // page, over web mode one frame of it; never the whole list in one message. Packed: see
      // nfc-card-pack.ts for why.
      const read = await cards.stream(
        refresh ?? false,
        (index, part) => events.emit('cards.page', { stream, index, cards: part.map(packNfcCard) }),
        held
      )
      const { fetchedAt, version, cards: all } = read.snapshot
      if (read.unchanged) return { fetchedAt, version, parts: 0, total: all.length, unchanged: true as const }
      return { fetchedAt, version, parts: read.parts, total: all.length, ...(read.exact ? {} : { cards: all }) }
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
