import { z } from 'zod'
import { TOUCH_PASS_NAME_MAX } from '../text/field-limits'
import { editSchema, type EditOf } from './edit'
import { trimmed, type FieldKinds } from './equality'

/** A Touch Pass's name as its details edit it (E12 `card_name`). */
export interface TouchPassNameFields {
  card_name: string
}

export const touchPassNameKinds: FieldKinds<TouchPassNameFields> = { card_name: trimmed }

export const touchPassNameEditSchema = editSchema(
  z.object({
    card_name: z
      .string()
      .trim()
      .max(TOUCH_PASS_NAME_MAX, `Shorten the name to at most ${TOUCH_PASS_NAME_MAX} characters.`)
  }),
  z.object({ card_name: z.string().max(1000) })
)

export type TouchPassNameEdit = EditOf<TouchPassNameFields>
