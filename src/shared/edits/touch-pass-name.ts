import { z } from 'zod'
import { editSchema, type EditOf } from './edit'
import { trimmed, type FieldKinds } from './equality'

/** A Touch Pass's name as its details edit it (E12 `card_name`). */
export interface TouchPassNameFields {
  card_name: string
}

export const touchPassNameKinds: FieldKinds<TouchPassNameFields> = { card_name: trimmed }

export const touchPassNameEditSchema = editSchema(
  z.object({ card_name: z.string().trim().max(100, 'Keep the name under 100 characters.') }),
  z.object({ card_name: z.string().max(1000) })
)

export type TouchPassNameEdit = EditOf<TouchPassNameFields>
