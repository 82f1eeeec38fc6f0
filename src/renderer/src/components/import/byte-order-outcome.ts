import type { BatchRow, ByteOrder } from '../../../../shared/batches/schemas'
import { inByteOrder } from '../../../../shared/nfc/byte-order'
import { importWords } from '../../lib/i18n/import-messages.svelte'

/**
 * What a switch of the batch's byte order is said as, once main has made it: how many rows (every row
 * not yet sent: all of them, since main refuses the switch otherwise) will now upload in which order,
 * with one of them as the example — as it was entered and as it will be sent (shared/nfc/byte-order.ts).
 * `toSend` is the batch's count of rows not yet sent after the switch, `first` the first of them
 * (holding its ID as sent): main counts them (batches.view), the screen holds only the rows in view.
 */
export function byteOrderSwitched(order: ByteOrder, toSend: number, first: BatchRow | null): string {
  const m = importWords()
  const reversed = order === 'reversed'
  if (toSend === 0 || !first) return m.t(reversed ? 'order.switchedNoRowsReversed' : 'order.switchedNoRowsAsRead')
  const entered = inByteOrder(first.nfcId, order)
  return m.t(reversed ? 'order.switchedReversed' : 'order.switchedAsRead', {
    count: toSend,
    entered,
    sent: first.nfcId
  })
}
