import { endpoints } from '../../../shared/access/endpoints'
import type { AccessHttp, CallOptions } from './http'

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] as const

export function isPng(bytes: Uint8Array): boolean {
  return bytes.length > PNG_SIGNATURE.length && PNG_SIGNATURE.every((b, i) => bytes[i] === b)
}

/** Visitor QR codes (E15, Access 3.3.10+). The visitor needs a QR assigned first (§4.11). */
export function qrCodes(http: AccessHttp) {
  return {
    /** The PNG bytes, checked by signature: a JSON error body becomes an AppError (facts 6.4). */
    download(visitorId: string, options: CallOptions = {}): Promise<Uint8Array> {
      return http.bytes(endpoints.E15, { params: { id: visitorId }, accept: isPng, ...options })
    }
  }
}
