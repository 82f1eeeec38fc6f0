import { AccessHttp, type AccessHttpConfig } from './http'
import { pinCodes } from './pin-codes'
import { sessions } from './sessions'
import { nfcCards } from './nfc-cards'
import { touchPasses } from './touch-passes'
import { qrCodes } from './qr-codes'
import { visitors } from './visitors'
import { users } from './users'
import { devices } from './devices'
import { doors } from './doors'

export interface AccessClientConfig extends AccessHttpConfig {
  /** Reader models for consoles whose devices carry no `capabilities` (facts 6.3). */
  readerTypes?: readonly string[]
}

/** The access client: one object per connection profile, one property per resource file. */
export function createAccessClient(config: AccessClientConfig) {
  const http = new AccessHttp(config)
  return {
    http,
    pinCodes: pinCodes(http),
    sessions: sessions(http),
    nfcCards: nfcCards(http),
    touchPasses: touchPasses(http),
    qrCodes: qrCodes(http),
    visitors: visitors(http),
    users: users(http),
    devices: devices(http, config.readerTypes),
    doors: doors(http),
    close: () => http.destroy()
  }
}

export type AccessClient = ReturnType<typeof createAccessClient>
