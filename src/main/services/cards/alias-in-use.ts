import type { NfcCard } from '../../../shared/access/nfc-cards'
import { ownerName } from '../../../shared/nfc/card-view'
import { AppError } from '../../../shared/errors'
import type { AccessClient } from '../access/client'
import { cardName } from '../batches/console-cards'

/**
 * The one check that an alias a card is given on Cards (E8) is no other card's. The console accepts a
 * second card of one alias on E8 (only its import refuses one, E16), so main is the only guard, and it
 * asks the console as it is now: the list Cards read earlier misses a card another desk renamed since,
 * and a card outside what the screen has drawn. E6 has no alias filter (spec E6, facts E6), so the
 * whole list is read again at the save.
 */
export async function aliasHolderNow(
  client: Pick<AccessClient, 'nfcCards'>,
  alias: string,
  token: string,
  pageSize?: number
): Promise<NfcCard | undefined> {
  if (!alias) return undefined
  return aliasHolder(await client.nfcCards.all(pageSize ? { pageSize } : {}), alias, token)
}

/**
 * Another card that uses the alias: compared exactly, as the console compares them; a deleted card's
 * alias does not count, nor the card's own.
 */
function aliasHolder(cards: readonly NfcCard[], alias: string, token: string): NfcCard | undefined {
  return cards.find((c) => c.token !== token && c.status !== 'deleted' && c.alias === alias)
}

/** Refused, naming the card that holds the alias and whose card it is: the person can find it on Cards. */
export function aliasInUse(alias: string, holder: NfcCard): AppError {
  const card = cardName(holder)
  const owner = ownerName(holder)
  return new AppError({
    kind: 'validation',
    code: 'ALIAS_IN_USE',
    message: `Alias "${alias}" is already used by card ${card}${owner ? ` (${owner})` : ''}; choose another.`,
    hint: 'Aliases are unique on the console: two cards of one alias could not be told apart, and an import of a card with a used alias fails.',
    details: { alias, card, owner, hasOwner: owner ? 'yes' : 'no' }
  })
}
