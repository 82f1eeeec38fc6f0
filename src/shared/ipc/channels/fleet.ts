import { z } from 'zod'
import { channel } from '../define'
import { deskZoneField } from '../../today/desk-zone'
import { fleetConsoleSchema, fleetFoundSchema, fleetQuerySchema, fleetRequestIdSchema } from '../../fleet/schemas'

/** Every saved console at once (the Consoles screen, find across consoles). */
export const fleetChannels = {
  'fleet.consoles': channel(
    'Every saved console read at once (a time limit each): its connection state, version, permission keys and ' +
      'counts; each pushed as `fleet.console` as it answers, all of them answered in the saved order',
    z.object({ requestId: fleetRequestIdSchema, ...deskZoneField }),
    z.object({ consoles: z.array(fleetConsoleSchema) })
  ),
  'fleet.find': channel(
    'Find a person (name, email, employee number), a card (number or NFC ID in any form) or a Touch Pass card id ' +
      'on every saved console at once; each console pushed as `fleet.found` as it answers',
    z.object({ requestId: fleetRequestIdSchema, query: fleetQuerySchema }),
    z.object({ results: z.array(fleetFoundSchema) })
  )
}

export const fleetEvents = {
  /** One console of a `fleet.consoles` read, as soon as it answered or ran out of time. */
  'fleet.console': z.object({ requestId: z.string(), console: fleetConsoleSchema }),
  /** One console of a `fleet.find`, as soon as it answered or ran out of time. */
  'fleet.found': z.object({ requestId: z.string(), found: fleetFoundSchema })
}
