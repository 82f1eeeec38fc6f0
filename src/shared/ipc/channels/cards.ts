import { z } from 'zod'
import { channel, recordId } from '../define'
import { nfcCardSchema } from '../../access/nfc-cards'
import { cardViewQuerySchema, cardViewSchema } from '../../nfc/card-view'
import { ownerRefSchema } from '../../owners'
import { cardAliasEditSchema } from '../../edits/card-alias'
import { editOutcomeSchema } from '../../edits/edit'
import { cardWriterSchema } from '../../cards/card-writers'
import { seenSchema } from '../../seen/seen-schema'

const tokenInput = z.object({ token: recordId })
const SEEN_NOTE =
  'seen.ownerId: who held the card when the person confirmed (null: nobody); when it differs now, the answer is ' +
  'CHANGED_SINCE_SHOWN with the card now, nothing sent. Without seen, the card as read now is acted on'

export const cardChannels = {
  'cards.load': channel(
    'Read every NFC card of the active console (E6, all pages) into main, or take the list kept for the session ' +
      'unless refresh is set. A cards.part event says each part as it arrives (cards.view then shows it); answers ' +
      'once the list is complete. The cards themselves stay in main: the screen asks cards.view for the rows it shows',
    z.object({
      refresh: z.boolean().optional(),
      /** Chosen by the caller: the cards.part events of this load carry it. */
      stream: z.string().min(1).max(64),
      /** What the screen shows: the first part's event carries the answer to it (no second round trip). */
      view: cardViewQuerySchema.optional()
    }),
    z.object({ fetchedAt: z.number(), total: z.number().int().nonnegative() })
  ),
  'cards.view': channel(
    'The cards a filter, a status and an order keep, a window of them, with their count and the counts per ' +
      'status, over the cards main holds (the kept list, or during a first read the parts received so far)',
    cardViewQuerySchema,
    cardViewSchema
  ),
  'cards.get': channel('One NFC card by token (E5)', tokenInput, nfcCardSchema),
  'cards.rename': channel(
    "Change a card's alias (E8) from the alias the details opened with: the card is read again first, and an " +
      'alias also changed on the console meanwhile is answered as a conflict with nothing written',
    z.object({ token: recordId, edit: cardAliasEditSchema }),
    editOutcomeSchema(nfcCardSchema)
  ),
  'cards.assign': channel(
    'Give a card to a user (§3.7) or visitor (§4.7); force takes it over from its current owner. ' + SEEN_NOTE,
    z.object({ token: recordId, owner: ownerRefSchema, force: z.boolean().optional(), seen: seenSchema.optional() }),
    nfcCardSchema
  ),
  'cards.unassign': channel(
    'Take a card back from its owner (§3.8 or §4.8); the card stays in the inventory. ' + SEEN_NOTE,
    z.object({ token: recordId, seen: seenSchema.optional() }),
    nfcCardSchema
  ),
  'cards.delete': channel(
    'Delete an NFC card (E7). ' + SEEN_NOTE,
    z.object({ token: recordId, seen: seenSchema.optional() }),
    z.object({ deleted: z.literal(true) })
  ),
  'cards.capabilities': channel(
    'What the active token may do with cards: edits need edit:credential, giving and taking back need edit:user',
    z.undefined().optional(),
    z.object({
      canEdit: z.boolean(),
      missingPermission: z.string().optional(),
      /** Giving a card to a person and taking it back (§3.7, §3.8); absent when it could not be found out. */
      canAssign: z.boolean().optional(),
      assignMissingPermission: z.string().optional()
    })
  )
}

export const cardEvents = {
  /**
   * Part `index` (0-based) of a cards.load reached main: the screen asks cards.view again. The first
   * one carries the answer to the load's `view` over the cards so far.
   */
  'cards.part': z.object({
    stream: z.string(),
    index: z.number().int().nonnegative(),
    view: cardViewSchema.optional()
  }),
  'cards.progress': z.object({ loaded: z.number(), total: z.number() }),
  /** The console's cards were written elsewhere in the app (an import, an enrollment, Visitors). */
  'cards.stale': z.object({ what: cardWriterSchema, at: z.number() })
}
