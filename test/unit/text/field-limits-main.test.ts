import { describe, expect, it } from 'vitest'
import { createDispatch, type Handlers } from '../../../src/main/services/ipc/dispatch'
import type { ChannelName } from '../../../src/shared/ipc/contract'
import { AppError } from '../../../src/shared/errors'
import {
  BATCH_NAME_MAX,
  CARD_ALIAS_MAX,
  FLEET_QUERY_MAX,
  KIOSK_DESK_NAME_MAX,
  PRINTER_NAME_MAX,
  SITE_NAME_MAX,
  TOUCH_PASS_NAME_MAX
} from '../../../src/shared/text/field-limits'

/** Every handler notes it ran and answers nothing more: these tests are about what main lets through to it. */
const ran: string[] = []
const handlers = new Proxy(
  {},
  {
    get: (_, channel) => async () => {
      ran.push(String(channel))
      throw new AppError({ kind: 'server', message: 'Reached the handler.', retryable: false })
    }
  }
) as Handlers
const dispatch = createDispatch(handlers)

const over = (max: number) => 'x'.repeat(max + 1)

/**
 * The limit a form says (lib/field-limit.svelte.ts) is the one main refuses by: one constant per limit
 * (shared/text/field-limits.ts), in the channel's schema. A request over it (web mode's socket carries
 * whatever a page sends) is refused as invalid input that says the limit, and its handler never runs.
 */
const limited: { channel: ChannelName; max: number; input: (text: string) => unknown; says: RegExp }[] = [
  {
    channel: 'badges.addPrinter',
    max: PRINTER_NAME_MAX,
    input: (name) => ({ url: 'ipp://192.168.1.40/ipp/print', name }),
    says: /Shorten the name to at most 80 characters/
  },
  {
    channel: 'cards.rename',
    max: CARD_ALIAS_MAX,
    input: (alias) => ({ token: 'tok-7', edit: { base: { alias: 'Kitchen' }, changes: { alias } } }),
    says: /Shorten the alias to at most 100 characters/
  },
  {
    channel: 'touchPasses.rename',
    max: TOUCH_PASS_NAME_MAX,
    input: (card_name) => ({ id: '7', edit: { base: { card_name: 'Spare 1' }, changes: { card_name } } }),
    says: /Shorten the name to at most 100 characters/
  },
  {
    channel: 'batches.create',
    max: BATCH_NAME_MAX,
    input: (name) => ({ name }),
    says: /Shorten the batch's name to at most 80 characters/
  },
  {
    channel: 'fleet.find',
    max: FLEET_QUERY_MAX,
    input: (query) => ({ requestId: 'find-1', query }),
    says: /Keep the search to 200 characters/
  },
  {
    channel: 'badges.saveSettings',
    max: SITE_NAME_MAX,
    input: (siteName) => ({ siteName }),
    says: /Shorten the site name to at most 80 characters/
  },
  {
    channel: 'kiosk.saveSettings',
    max: KIOSK_DESK_NAME_MAX,
    input: (deskName) => ({ idleSeconds: 60, directions: '', deskName }),
    says: /Shorten the desk's name to at most 80 characters/
  }
]

describe('main refuses a value over the limit its form says', () => {
  it.each(limited)('$channel', async ({ channel, max, input, says }) => {
    ran.length = 0
    const refused = await dispatch(channel, input(over(max)))
    expect(refused).toMatchObject({ ok: false, error: { kind: 'validation', code: 'INVALID_INPUT' } })
    if (!refused.ok) expect(refused.error.message).toMatch(says)
    expect(ran).toEqual([])

    // At the limit (spaces around it trimmed, as the form counts) it goes through.
    await dispatch(channel, input(` ${'x'.repeat(max)} `))
    expect(ran).toEqual([channel])
  })
})
