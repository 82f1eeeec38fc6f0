import { AccessHttp, type AccessHttpConfig } from './http'
import { pinCodes } from './pin-codes'

/** The access client: one object per connection profile, one property per resource file. */
export function createAccessClient(config: AccessHttpConfig) {
  const http = new AccessHttp(config)
  return {
    http,
    pinCodes: pinCodes(http),
    close: () => http.destroy()
  }
}

export type AccessClient = ReturnType<typeof createAccessClient>
