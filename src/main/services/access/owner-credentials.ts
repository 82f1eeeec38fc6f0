import { z } from 'zod'
import { endpoints } from '../../../shared/access/endpoints'
import type { AccessHttp, CallOptions } from './http'

const noData = z.unknown()

/** Each owner's four calls, on its own paths and permission keys. */
const ownerPaths = {
  user: {
    assignNfc: endpoints.userAssignNfc,
    unassignNfc: endpoints.userUnassignNfc,
    assignPin: endpoints.userAssignPin,
    unassignPin: endpoints.userUnassignPin
  },
  visitor: {
    assignNfc: endpoints.visitorAssignNfc,
    unassignNfc: endpoints.visitorUnassignNfc,
    assignPin: endpoints.visitorAssignPin,
    unassignPin: endpoints.visitorUnassignPin
  }
}

/**
 * Binding an NFC card or a PIN to its owner: users (§3.7–§3.10) and visitors (§4.7–§4.10) have the
 * same four calls on their own paths and permission keys. Never retried: they are not idempotent.
 */
export function ownerCredentials(http: AccessHttp, owner: keyof typeof ownerPaths) {
  const paths = ownerPaths[owner]
  return {
    /** `force` takes the card over from its current holder (`force_add`). */
    async assignNfc(
      id: string,
      token: string,
      input: { force?: boolean } = {},
      options: CallOptions = {}
    ): Promise<void> {
      await http.request({
        endpoint: paths.assignNfc,
        params: { id },
        body: input.force ? { token, force_add: true } : { token },
        data: noData,
        ...options
      })
    },

    /** A PUT on `…/nfc_cards/delete`, as public clients send it (the reference's §3.8 sample says DELETE). */
    async unassignNfc(id: string, token: string, options: CallOptions = {}): Promise<void> {
      await http.request({ endpoint: paths.unassignNfc, params: { id }, body: { token }, data: noData, ...options })
    },

    /** The plaintext PIN from E1; the console keeps only a hash afterwards. */
    async assignPin(id: string, pin: string, options: CallOptions = {}): Promise<void> {
      await http.request({
        endpoint: paths.assignPin,
        params: { id },
        body: { pin_code: pin },
        data: noData,
        ...options
      })
    },

    async unassignPin(id: string, options: CallOptions = {}): Promise<void> {
      await http.request({ endpoint: paths.unassignPin, params: { id }, data: noData, ...options })
    }
  }
}
