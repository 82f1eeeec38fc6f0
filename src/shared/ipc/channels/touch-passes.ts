import { z } from 'zod'
import { channel, noInput, recordId, itemsOf } from '../define'
import { touchPassFilterStatuses, touchPassSchema } from '../../access/touch-passes'
import { editOutcomeSchema } from '../../edits/edit'
import { touchPassNameEditSchema } from '../../edits/touch-pass-name'
import { seenSchema } from '../../seen/seen-schema'
import { appErrorDataSchema } from '../../error-data-schema'

const idInput = z.object({ id: recordId })
const passList = itemsOf(touchPassSchema)
/**
 * A pass given, taken back, renamed or suspended/activated. `readBack`: the console's answer was
 * lost and main read the pass again: this is what the console holds now, and it shows the change done.
 */
const passChanged = touchPassSchema.extend({ readBack: z.literal(true).optional() })
const SEEN_NOTE =
  'seen.holderId: who held the pass when the person confirmed (null: nobody); when it differs now, the answer is ' +
  'CHANGED_SINCE_SHOWN with the pass now, nothing sent. Without seen, the pass as read now is acted on'

/**
 * A pass taken back, and what became of its name when the take back was asked to clear it
 * (`clearName`): `cleared`; `renamedMeanwhile` (the console holds another name than the one shown:
 * left as it is, `nameNow`); `failed` (the take back stands, the rename was refused or lost: `nameError`).
 */
export const passTakenBackSchema = passChanged.extend({
  name: z.enum(['cleared', 'renamedMeanwhile', 'failed']).optional(),
  nameNow: z.string().optional(),
  nameError: appErrorDataSchema.optional()
})

/**
 * What a purchase did, as the list shows it: the console may answer only the first pass bought
 * (facts E14), so main counts the list before and after. Absent when a count could not be read.
 */
export const purchaseListedSchema = z.object({ before: z.number().int(), after: z.number().int() })

/** Most passes a single purchase may ask for: a typo (100 for 10) must not cost a fortune. */
export const PURCHASE_MAX = 50

export const touchPassPurchaseSchema = z.object({
  count: z
    .number({ error: 'Enter how many passes to buy.' })
    .int('Buy a whole number of passes.')
    .min(1, 'Buy at least one pass.')
    .max(PURCHASE_MAX, `Buy at most ${PURCHASE_MAX} passes at a time.`),
  /** Made by the dialog once per purchase; main refuses a second purchase with the same key. */
  idempotencyKey: z.string().min(16).max(100)
})

export const touchPassChannels = {
  'touchPasses.list': channel(
    'One page of Touch Passes, optionally of one status (E9)',
    z.object({
      page: z.number().int().min(1).default(1),
      pageSize: z.number().int().min(1).max(200).default(25),
      status: z.enum(touchPassFilterStatuses).optional()
    }),
    z.object({ items: z.array(touchPassSchema), total: z.number().int() })
  ),
  'touchPasses.search': channel(
    'Touch Passes whose card id or user name matches (E10)',
    z.object({ condition: z.string().trim().min(1, 'Type a card id or a name.').max(100) }),
    passList
  ),
  'touchPasses.assignable': channel(
    'Touch Passes that can be given to a user: SUSPENDED or INACTIVE (E11)',
    noInput,
    passList
  ),
  'touchPasses.expired': channel(
    'Expired Touch Passes: the list cannot filter by EXPIRED (E9), so every page is read and the expired kept',
    noInput,
    passList.extend({ scanned: z.number().int() })
  ),
  'touchPasses.get': channel('One Touch Pass with its device bundles (E13)', idInput, touchPassSchema),
  'touchPasses.rename': channel(
    "Change a Touch Pass's display name (E12 card_name) from the name the details opened with: the pass is read " +
      'again first (E13), and a name also changed on the console meanwhile is answered as a conflict with nothing written',
    z.object({ id: recordId, edit: touchPassNameEditSchema }),
    editOutcomeSchema(passChanged)
  ),
  'touchPasses.setStatus': channel(
    'Activate or suspend a Touch Pass (E12 status)',
    z.object({ id: recordId, status: z.enum(['ACTIVE', 'SUSPENDED']) }),
    passChanged
  ),
  'touchPasses.unbundle': channel(
    'Remove one device bundle from a Touch Pass (E12 bundle_status DISABLED)',
    z.object({ id: recordId, bundleId: recordId }),
    touchPassSchema
  ),
  'touchPasses.purchase': channel(
    "Buy Touch Passes (E14): charges the console's payment method; never retried, refused twice for one key",
    touchPassPurchaseSchema,
    passList.extend({ listed: purchaseListedSchema.optional() })
  ),
  'touchPasses.assign': channel(
    `Give an assignable Touch Pass to a user (§3.25); it becomes PENDING until the user accepts it. ${SEEN_NOTE}`,
    z.object({ id: recordId, userId: recordId, seen: seenSchema.optional() }),
    passChanged
  ),
  'touchPasses.assignToUsers': channel(
    'Give each of several users one unassigned Touch Pass (§3.27); each becomes PENDING until accepted',
    z.object({
      users: z
        .array(
          z.object({
            id: recordId,
            /** Where the invitation goes, when not the user's own address. */
            email: z.email('Type a valid email address, or leave it empty.').max(200).optional()
          })
        )
        .min(1, 'Add at least one user.')
        .max(100, 'At most 100 users at a time.')
        .refine((users) => new Set(users.map((u) => u.id)).size === users.length, 'A user is listed twice.')
    }),
    passList.extend({
      /** The console's answer was lost: `items` are the passes read back on the users. */
      readBack: z.literal(true).optional(),
      /** Read back: the users who did not get a pass (giving them one again is safe). */
      notGiven: z.array(recordId).optional()
    })
  ),
  'touchPasses.unassign': channel(
    'Take a Touch Pass back from its user (§3.26). clearName: the name the person saw, cleared after the take back ' +
      '(E12 card_name only; left when the console holds another name now); a rename that fails leaves the take back ' +
      `done and says so (name, nameError). ${SEEN_NOTE}`,
    z.object({
      id: recordId,
      userId: recordId,
      seen: seenSchema.optional(),
      clearName: z.string().max(1000).optional()
    }),
    passTakenBackSchema
  ),
  'touchPasses.capabilities': channel(
    'What the active token may do with Touch Passes: edits need `edit:credential`, assigning needs `edit:user`',
    noInput,
    z.object({
      canEdit: z.boolean(),
      missingPermission: z.string().optional(),
      /** Giving and taking back (§3.25–§3.27); absent when it could not be found out. */
      canAssign: z.boolean().optional(),
      assignMissingPermission: z.string().optional()
    })
  )
}

export const touchPassEvents = {} satisfies Record<string, z.ZodType>
