import { getApi } from '../lib/api'
import type { ReadBackAnswer } from '../lib/read-back'
import type { Seen } from '../../../shared/seen/seen'

/** A visitor's PIN, NFC cards and QR code on the console. */
export const visitorCredentials = {
  /**
   * The console makes up the PIN; it is shown once. `seen`: whether the screen showed the visitor
   * holding one when the person confirmed ("Replace X's PIN?" answered, or none shown), and which
   * (`pinDigest`): main compares it with the visitor now (shared/seen) and answers CHANGED_SINCE_SHOWN,
   * nothing sent, when it differs. `readBack`: the answer was lost and main, reading the visitor back,
   * found this PIN given.
   */
  newPin: (id: string, seen: Seen): Promise<{ pin: string } & ReadBackAnswer> =>
    getApi().visitors.assignNewPin({ id, seen }),
  removePin: (id: string) => getApi().visitors.unassignPin({ id }),
  /** `force`: take the card over from whoever holds it. */
  addCard: (id: string, token: string, force: boolean) => getApi().visitors.assignNfc({ id, token, force }),
  removeCard: (id: string, token: string) => getApi().visitors.unassignNfc({ id, token }),
  /** Whether the visitor has a QR code, and its image: read only, nothing is assigned. */
  qrState: (id: string) => getApi().visitors.qrState({ id }),
  /**
   * Assign a QR code (§4.11), then read the code the console now holds (its PNG, base64). `readBack`:
   * the console's answer was lost and main found the code by reading it back (lib/read-back).
   */
  async assignQr(id: string): Promise<{ pngBase64: string } & ReadBackAnswer> {
    const { readBack } = await getApi().visitors.assignQr({ id })
    const { pngBase64 } = await getApi().visitors.qrCode({ id, assign: false })
    return { pngBase64, readBack }
  },
  revokeQr: (id: string) => getApi().visitors.unassignQr({ id })
}
