import { z } from 'zod'
import { channel, recordId } from '../define'
import { nfcCardSchema } from '../../access/nfc-cards'
import { ownerRefSchema } from '../../owners'

const tokenInput = z.object({ token: recordId })

export const cardChannels = {
  'cards.all': channel(
    'Every NFC card of the active console (E6, all pages); cached for the session unless refresh is set',
    z.object({ refresh: z.boolean().optional() }).optional(),
    z.object({ cards: z.array(nfcCardSchema), fetchedAt: z.number() })
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
  'cards.progress': z.object({ loaded: z.number(), total: z.number() }),
  /** The console's cards were written elsewhere in the app (an import, an enrollment, Visitors). */
  'cards.stale': z.object({ what: z.string(), at: z.number() })
}
