import { z } from 'zod'
import { AppError } from '../../../shared/errors'
import { endpoints, type EndpointInfo } from '../../../shared/access/endpoints'
import { NO_SUCH_ID } from '../../../shared/access/permissions'
import type { VersionBand } from '../../../shared/fleet/schemas'
import type { AccessHttp } from '../access/http'

/**
 * The developer API has no "which version" call, but each endpoint has the Access version that
 * brought it (endpoints.ts `minVersion`), and a console older than that answers a bare 404 (the
 * access client's `unsupported`). The newest bands the desk uses, newest first, each proved by a
 * harmless read (an id that cannot exist, the permission probes' way): the first that answers is
 * the console's band.
 */
const bands: { endpoint: EndpointInfo; params?: Record<string, string>; query?: Record<string, string | number> }[] = [
  // QR code download (3.3.10): "no such visitor" from a console that has it.
  { endpoint: endpoints.E15, params: { id: NO_SUCH_ID } },
  // Touch Passes (3.2.20).
  { endpoint: endpoints.E11 },
  // Search users (3.1.30).
  { endpoint: endpoints.usersSearch, query: { keyword: NO_SUCH_ID, page_num: 1, page_size: 1 } }
]

type Answer = 'has' | 'lacks' | 'unknown'

/** Whether the console has the endpoint: any answer past routing says yes; a bare 404 says no. */
async function has(http: AccessHttp, band: (typeof bands)[number], signal: AbortSignal): Promise<Answer> {
  try {
    await http.request({ endpoint: band.endpoint, params: band.params, query: band.query, data: z.unknown(), signal })
    return 'has'
  } catch (err) {
    const e = AppError.from(err)
    if (e.kind === 'unsupported') return 'lacks'
    if (e.kind === 'not-found' || e.kind === 'validation' || e.kind === 'conflict') return 'has'
    // A missing key (403 comes before the console looks), errors, no answer: this band cannot tell.
    if (e.kind === 'permission' || e.kind === 'server' || e.kind === 'rate-limited') return 'unknown'
    throw e
  }
}

/**
 * The console's version band: `{atLeast: '3.3.10', below: null}` for a console that answers the
 * newest band, `{atLeast: '3.2.20', below: '3.3.10'}` for one that lacks it… null when a band could
 * not tell (a key missing for its read, errors). Throws what says the console cannot be asked.
 */
export async function versionBand(http: AccessHttp, signal: AbortSignal): Promise<VersionBand | null> {
  let below: string | null = null
  for (const band of bands) {
    const answer = await has(http, band, signal)
    if (answer === 'unknown') return null
    if (answer === 'has') return { atLeast: band.endpoint.minVersion ?? null, below }
    below = band.endpoint.minVersion ?? null
  }
  return { atLeast: null, below }
}
