import { AppError } from '../../../shared/errors'
import type { AccessClient } from '../access/client'
import type { CallOptions } from '../access/http'
import { answerLost, notDoneError } from '../access/lost-answer'
import { holdsQr } from '../access/read-back-rules'
import { settleWrite } from '../audit/settle-write'

/** Told of each code given (QrCodeLog.recordAssigned): what Today's access column reads. */
export type QrGiven = (visitorId: string) => Promise<void>

/** The code is on the console either way: a record that cannot be written only leaves Today's column behind. */
async function noteGiven(given: QrGiven | undefined, id: string): Promise<void> {
  await given?.(id).catch(() => undefined)
}

/**
 * Give a visitor a QR code — the one way every screen does it (Visitors, Badges, the kiosk). The
 * console's answer lost (access/lost-answer.ts) is read back as a lost create is (create-check.ts):
 * the code downloads, so it was assigned and the caller goes on with it (`readBack`, the audit row
 * settled done); the console refuses the download, so it was not (not done, trying again is safe);
 * the read fails too, the lost answer as it came ("to check": for the kiosk, a console not answering).
 * Each code given is told to `given`, the desk's record of the codes it gave (Today's access column).
 */
export async function assignQrReadingBack(
  c: Pick<AccessClient, 'visitors' | 'qrCodes'>,
  id: string,
  options: CallOptions = {},
  given?: QrGiven
): Promise<{ readBack?: true }> {
  try {
    await c.visitors.assignQr(id, options)
    await noteGiven(given, id)
    return {}
  } catch (err) {
    const e = AppError.from(err)
    if (!answerLost(e)) throw err
    const held = await holdsQr(c, id).catch(() => {
      throw err
    })
    await settleWrite(err, held ? { done: true, fact: { kind: 'readBackVisitor', id, qr: true } } : { done: false })
    if (held) {
      await noteGiven(given, id)
      return { readBack: true }
    }
    throw notDoneError(
      e,
      "The QR code was not assigned: the console's answer was lost, and reading it back shows none.",
      { readBack: 'qr-not-assigned' },
      'Nothing was changed on the console, so trying again is safe.'
    )
  }
}
