import { ipcMain, type IpcMainInvokeEvent, type WebContents } from 'electron'
import { AppError } from '../../shared/errors'
import { channelNames, type EventName } from '../../shared/ipc/contract'
import type { Dispatch } from '../services/ipc/dispatch'
import { isAppUrl } from './window'

/** A sender is trusted only if it is the top frame of one of our windows, showing our renderer. */
export function isTrustedSender(event: Pick<IpcMainInvokeEvent, 'senderFrame'>): boolean {
  const frame = event.senderFrame
  if (!frame || frame.parent !== null) return false
  return isAppUrl(frame.url)
}

/**
 * Bind every contract channel through one wrapper: sender check, then the shared dispatch (zod
 * parse, handler, error envelope). Called once at startup.
 */
export function bindIpc(dispatch: Dispatch): void {
  for (const channel of channelNames) {
    ipcMain.handle(channel, async (event, input: unknown) => {
      if (!isTrustedSender(event)) {
        return {
          ok: false,
          error: new AppError({
            kind: 'permission',
            code: 'UNTRUSTED_SENDER',
            message: 'Refused a call from an unknown frame.'
          }).toData()
        }
      }
      return dispatch(channel, input)
    })
  }
}

/** Forward service events to a window's renderer. */
export function forwardEvents(
  subscribe: (listener: (event: EventName, payload: unknown) => void) => () => void,
  contents: WebContents
): () => void {
  return subscribe((event, payload) => {
    if (!contents.isDestroyed()) contents.send(event, payload)
  })
}
