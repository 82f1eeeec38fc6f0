import { z } from 'zod'
import { CARD_ALIAS_MAX } from '../text/field-limits'
import { editSchema, type EditOf } from './edit'
import { trimmed, type FieldKinds } from './equality'

/** A card's alias as the Cards details edit it (E8's only body field). */
export interface CardAliasFields {
  alias: string
}

export const cardAliasKinds: FieldKinds<CardAliasFields> = { alias: trimmed }

export const cardAliasEditSchema = editSchema(
  z.object({
    alias: z.string().trim().max(CARD_ALIAS_MAX, `Shorten the alias to at most ${CARD_ALIAS_MAX} characters.`)
  }),
  z.object({ alias: z.string().max(1000) })
)

export type CardAliasEdit = EditOf<CardAliasFields>
