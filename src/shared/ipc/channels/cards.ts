import { z } from 'zod'
import { channel, recordId } from '../define'
import { nfcCardSchema } from '../../access/nfc-cards'
import { packedNfcCardSchema } from '../../access/nfc-card-pack'
import { ownerRefSchema } from '../../owners'

const tokenInput = z.object({ token: recordId })

export const cardChannels = {
  'cards.all': channel(
    'Every NFC card of the active console (E6, all pages); cached for the session unless refresh is set',
    z.object({ refresh: z.boolean().optional() }).optional(),
    z.object({ cards: z.array(nfcCardSchema), fetchedAt: z.number() })
  ),
  'cards.load': channel(
    'Every NFC card, sent as cards.page events as the pages arrive (the first rows show while the rest load); ' +
      'answers once every part was sent. `cards` only when the parts hold a card twice (a list that shifted ' +
      'while it was read): then it replaces them. `held`: the version of the list the caller shows; when the ' +
      'console still has exactly those cards, no part is sent and the answer says `unchanged`',
    z.object({
      refresh: z.boolean().optional(),
      /** Chosen by the caller: the cards.page events of this load carry it. */
      stream: z.string().min(1).max(64),
      held: z.number().int().nonnegative().optional()
    }),
    z.object({
      fetchedAt: z.number(),
      /** Which kept list the cards are: given back as `held` by a later refresh. */
      version: z.number().int().nonnegative(),
      /** How many cards.page events this load sent. */
      parts: z.number().int().nonnegative(),
      total: z.number().int().nonnegative(),
      cards: z.array(nfcCardSchema).optional(),
      unchanged: z.literal(true).optional()
    })
  ),
  'cards.get': channel('One NFC card by token (E5)', tokenInput, nfcCardSchema),
  'cards.rename': channel(
    "Change a card's alias (E8)",
    z.object({ token: recordId, alias: z.string().trim().max(100) }),
    nfcCardSchema
  ),
  'cards.assign': channel(
    'Give a card to a user (§3.7) or visitor (§4.7); force takes it over from its current owner',
    z.object({ token: recordId, owner: ownerRefSchema, force: z.boolean().optional() }),
    nfcCardSchema
  ),
  'cards.unassign': channel(
    'Take a card back from its owner (§3.8 or §4.8); the card stays in the inventory',
    tokenInput,
    nfcCardSchema
  ),
  'cards.delete': channel('Delete an NFC card (E7)', tokenInput, z.object({ deleted: z.literal(true) })),
  'cards.capabilities': channel(
    'What the active token may do with cards: edits need edit:credential',
    z.undefined().optional(),
    z.object({ canEdit: z.boolean(), missingPermission: z.string().optional() })
  )
}

export const cardEvents = {
  /**
   * Part `index` (0-based) of a cards.load; parts may arrive out of order, the screen puts them in place.
   * The cards are packed (access/nfc-card-pack.ts): every card of the console crosses here on each open.
   */
  'cards.page': z.object({
    stream: z.string(),
    index: z.number().int().nonnegative(),
    cards: z.array(packedNfcCardSchema)
  }),
  'cards.progress': z.object({ loaded: z.number(), total: z.number() }),
  /** The console's cards were written elsewhere in the app (an import, an enrollment, Visitors). */
  'cards.stale': z.object({ what: z.string(), at: z.number() })
}
