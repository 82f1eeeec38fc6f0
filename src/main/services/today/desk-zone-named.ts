import type { Handlers } from '../ipc/dispatch'
import type { DeskZone } from './desk-day'

/**
 * Every handler, with the desk's time zone named first when its call carries one (`timeZone`, checked by
 * the channel's schema: shared/today/desk-zone.ts): one place where main learns the desk's zone, so Today,
 * the kiosk, Visitors and the Consoles overview never read "today" in different zones.
 */
export function namingDeskZone(handlers: Handlers, deskZone: Pick<DeskZone, 'name'>): Handlers {
  const out = {} as Record<string, (input: unknown) => Promise<unknown>>
  for (const [channel, handler] of Object.entries(handlers as Record<string, (input: unknown) => Promise<unknown>>)) {
    out[channel] = (input) => {
      const zone = (input as { timeZone?: unknown } | undefined)?.timeZone
      if (typeof zone === 'string') deskZone.name(zone)
      return handler(input)
    }
  }
  return out as Handlers
}
