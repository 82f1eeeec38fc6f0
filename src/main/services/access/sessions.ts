import { z } from 'zod'
import { endpoints } from '../../../shared/access/endpoints'
import { pollDataSchema, sessionCreatedSchema, type PollResult } from '../../../shared/access/sessions'
import type { AccessHttp, CallOptions } from './http'

const WAITING = 'CODE_CREDS_NFC_READ_POLL_TOKEN_EMPTY'
const HOLD_LONGER = 'CODE_CREDS_NFC_CARD_PROVISION_FAILED'
const SESSION_GONE = 'CODE_CREDS_NFC_READ_SESSION_NOT_FOUND'

/** NFC enrollment sessions on a networked reader (E2–E4, facts 6.1). */
export function sessions(http: AccessHttp) {
  return {
    /** E2. Sends the flag under both names: live consoles read `reset_ua_card`, the spec says `reset_vendor_card`. */
    async create(
      input: { deviceId: string; resetCard: boolean },
      options: CallOptions = {}
    ): Promise<{ sessionId: string }> {
      const reply = await http.request({
        endpoint: endpoints.E2,
        body: { device_id: input.deviceId, reset_ua_card: input.resetCard, reset_vendor_card: input.resetCard },
        data: sessionCreatedSchema,
        ...options
      })
      return { sessionId: reply.data.session_id }
    },

    /**
     * E3. "No card yet" and "hold longer" are answers, whatever the HTTP status; every other code
     * (card enrolled elsewhere, unsupported card, session gone) is thrown as an AppError.
     */
    async poll(sessionId: string, options: CallOptions = {}): Promise<PollResult> {
      const reply = await http.requestOrCode(
        { endpoint: endpoints.E3, params: { id: sessionId }, data: pollDataSchema, ...options },
        [WAITING, HOLD_LONGER]
      )
      if (reply.code === 'SUCCESS') return { state: 'done', token: reply.data.token, cardId: reply.data.cardId }
      return reply.code === WAITING ? { state: 'waiting' } : { state: 'hold-longer' }
    },

    /** E4. Always called at the end of an enrollment; a session already gone is not an error. */
    async remove(sessionId: string, options: CallOptions = {}): Promise<void> {
      await http.requestOrCode({ endpoint: endpoints.E4, params: { id: sessionId }, data: z.unknown(), ...options }, [
        SESSION_GONE
      ])
    }
  }
}
