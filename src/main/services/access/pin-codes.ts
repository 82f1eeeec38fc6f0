import { z } from 'zod'
import { endpoints } from '../../../shared/access/endpoints'
import type { AccessHttp, CallOptions } from './http'

/** PIN codes (E1). The plaintext exists only in this answer; the console later shows a hash. */
export function pinCodes(http: AccessHttp) {
  return {
    /** A POST that only needs `view:credential`; not retried (it is not a GET). */
    async generate(options: CallOptions = {}): Promise<string> {
      const reply = await http.request({
        endpoint: endpoints.E1,
        data: z.union([z.string(), z.number()]).transform(String).pipe(z.string().regex(/^\d+$/)),
        ...options
      })
      return reply.data
    }
  }
}
