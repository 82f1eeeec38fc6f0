import type { BatchRow, ByteOrder } from '../../../../shared/batches/schemas'
import { inByteOrder } from '../../../../shared/nfc/byte-order'
import { countOf } from '../../lib/plural'

/**
 * What a switch of the batch's byte order is said as, once main has made it: how many rows (every row
 * not yet sent: all of them, since main refuses the switch otherwise) will now upload in which order,
 * with one of them as the example — as it was entered and as it will be sent (shared/nfc/byte-order.ts).
 * `rows` are the batch's rows after the switch (each holding its ID as sent).
 */
export function byteOrderSwitched(order: ByteOrder, rows: readonly BatchRow[]): string {
  const label = order === 'reversed' ? 'reversed' : 'as read'
  const way = order === 'reversed' ? 'with their bytes reversed' : 'as entered'
  const toSend = rows.filter((r) => r.status === 'pending' || r.status === 'failed')
  if (toSend.length === 0) return `Byte order: ${label} — the batch has no row yet; cards added will upload ${way}.`
  const first = toSend[0]!
  const entered = inByteOrder(first.nfcId, order)
  return `Byte order: ${label} — ${countOf(toSend.length, 'row')} will upload ${way} (${entered} as ${first.nfcId}).`
}
