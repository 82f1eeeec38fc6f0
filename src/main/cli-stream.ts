import type { CatalogChannel } from '../cli/catalog-types'
import { isPaged, objectSchema } from '../cli/help'
import { createDispatch, type Dispatch } from './services/ipc/dispatch'
import { createHandlers } from './handlers'
import type { AppServices } from './services/app-services'
import type { AccessClient } from './services/access/client'
import { AppError } from '../shared/errors'

/**
 * `--stream`: a list channel's items handed to `emit` one at a time as they come, the next page
 * asked for only once the previous one was written. `cards.load` reads every card of the console
 * page by page (E6, the access client's own page reader) instead of loading them into main; a paged
 * channel (`page` in, `total` out) is called page after page with its largest page size; any other
 * list channel answers once and its items are written one by one.
 */
const CARD_PAGE_SIZE = 1000

export async function streamItems(options: {
  channel: CatalogChannel
  input: unknown
  dispatch: Dispatch
  client: () => Promise<AccessClient>
  emit: (item: unknown) => Promise<void>
}): Promise<void> {
  const { channel, dispatch, emit } = options
  if (channel.name === 'cards.load') {
    const client = await options.client()
    for (let page = 1; ; page++) {
      const { items, total } = await client.nfcCards.list({ page, pageSize: CARD_PAGE_SIZE })
      for (const card of items) await emit(card)
      if (items.length < CARD_PAGE_SIZE || page * CARD_PAGE_SIZE >= total) return
    }
  }
  const given = (options.input ?? {}) as Record<string, unknown>
  const paged = isPaged(channel)
  const pageSize = paged ? Number(given['pageSize'] ?? largestPageSize(channel)) : 0
  for (let page = Number(given['page'] ?? 1); ; page++) {
    const input = paged ? { ...given, page, pageSize } : options.input
    const envelope = await dispatch(channel.name, input)
    if (!envelope.ok) throw AppError.fromData(envelope.error)
    const result = envelope.result as { items: unknown[]; total?: number }
    for (const item of result.items) await emit(item)
    if (!paged || result.items.length < pageSize || page * pageSize >= (result.total ?? 0)) return
  }
}

function largestPageSize(channel: CatalogChannel): number {
  const schema = objectSchema(channel.input)?.properties?.['pageSize']
  return typeof schema?.maximum === 'number' ? schema.maximum : 100
}

/**
 * One channel called on a data folder's services, the one way both a call and `--all-consoles` call
 * it: with `emit` (`--stream`) its items go there one at a time (streamItems) and nothing is
 * answered; without, its result, or the app's error thrown. `cards.view` reads the console's cards
 * first, as the Cards screen does: so it is a read of the console like any other.
 */
export async function callChannel(
  services: AppServices,
  channel: CatalogChannel,
  input: unknown,
  emit?: (item: unknown) => Promise<void>
): Promise<unknown> {
  const dispatch = createDispatch(createHandlers(services))
  if (emit) {
    await streamItems({ channel, input, dispatch, client: () => services.connections.client(), emit })
    return undefined
  }
  if (channel.name === 'cards.view') {
    // cards.view answers over the cards main holds, which a screen loaded first (cards.load); a call
    // of its own holds none yet, and would answer "no cards" for a console full of them.
    const loaded = await dispatch('cards.load', { stream: 'cli' })
    if (!loaded.ok) throw AppError.fromData(loaded.error)
  }
  const envelope = await dispatch(channel.name, input)
  if (!envelope.ok) throw AppError.fromData(envelope.error)
  return envelope.result
}
