import type { ChannelName } from '../../../shared/ipc/contract'
import type { Handlers } from '../ipc/dispatch'
import type { Emit } from '../events'
import type { CardWriter } from '../../../shared/cards/card-writers'

/**
 * The channels outside Cards that change the console's cards, with what each is as `cards.stale`
 * names it (the Cards screen words it: "may be out of date since an import upload"). One list: a new writer is added here.
 * An enrollment writes when its tap is done, which arrives as an event (see card-staleness.ts).
 */
export const cardWritingChannels: Partial<Record<ChannelName, CardWriter>> = {
  'batches.upload': 'importUpload',
  'batches.check': 'importCheck',
  'enroll.assign': 'enrollAssign',
  'visitors.assignNfc': 'visitorCard',
  'visitors.unassignNfc': 'visitorCardBack'
}

/**
 * The handlers, with every card-writing channel announcing `cards.stale` once it returns (or fails:
 * a half-done upload has written some cards). The card inventory and the Cards screen listen.
 */
export function announceCardWrites(handlers: Handlers, emit: Emit): Handlers {
  const out = { ...handlers } as Record<string, (input: unknown) => Promise<unknown>>
  for (const [channel, what] of Object.entries(cardWritingChannels)) {
    const handler = out[channel]
    if (!handler) continue
    out[channel] = async (input) => {
      try {
        return await handler(input)
      } finally {
        emit('cards.stale', { what, at: Date.now() })
      }
    }
  }
  return out as Handlers
}
