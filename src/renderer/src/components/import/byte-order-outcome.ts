import type { BatchRow, ByteOrder } from '../../../../shared/batches/schemas'
import { inByteOrder } from '../../../../shared/nfc/byte-order'
import { countOf } from '../../lib/plural'

/**
 * What a switch of the batch's byte order is said as, once main has made it: how many rows (every row
 * not yet sent: all of them, since main refuses the switch otherwise) will now upload in which order,
 * with one of them as the example — as it was entered and as it will be sent (shared/nfc/byte-order.ts).
 * `toSend` is the batch's count of rows not yet sent after the switch, `first` the first of them
 * (holding its ID as sent): main counts them (batches.view), the screen holds only the rows in view.
 */
export function byteOrderSwitched(order: ByteOrder, toSend: number, first: BatchRow | null): string {
  const label = order === 'reversed' ? 'reversed' : 'as read'
  const way = order === 'reversed' ? 'with their bytes reversed' : 'as entered'
  if (toSend === 0 || !first) return `Byte order: ${label} — the batch has no row yet; cards added will upload ${way}.`
  const entered = inByteOrder(first.nfcId, order)
  return `Byte order: ${label} — ${countOf(toSend, 'row')} will upload ${way} (${entered} as ${first.nfcId}).`
}
