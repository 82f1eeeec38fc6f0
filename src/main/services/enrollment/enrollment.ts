import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { AppError } from '../../../shared/errors'
import type { EnrollProgress } from '../../../shared/enroll/schemas'
import type { AccessClient } from '../access/client'
import type { Emit } from '../events'
import { assignCard } from '../cards/card-owners'
import { cardFacts } from '../cards/card-facts'
import { checkSeen, type Seen } from '../../../shared/seen/seen'

/** What enrollment needs from the access client. */
export type EnrollConsole = Pick<AccessClient, 'sessions' | 'users' | 'visitors' | 'nfcCards'>

export interface EnrollmentDeps {
  client: () => Promise<EnrollConsole>
  emit: Emit
  /** The side-effect-free check of `edit:credential` (see access/permission-probe.ts). */
  probe?: () => Promise<{ canEdit: boolean; missingPermission?: string }>
  /** Facts 6.1: poll every 1–2 s, give up after about 60 s. */
  pollIntervalMs?: number
  timeoutMs?: number
}

interface Run {
  deviceId: string
  controller: AbortController
  done: Promise<void>
}

const PROVISIONED = 'CODE_CREDS_NFC_CARD_IS_PROVISION'
const INVALID_CARD = 'CODE_CREDS_NFC_CARD_INVALID'
const SESSION_GONE = 'CODE_CREDS_NFC_READ_SESSION_NOT_FOUND'
/** Transient poll failures tolerated in a row (a poll is a read; repeating it is harmless). */
const MAX_POLL_ERRORS = 3

/**
 * Server-side enrollment (E2–E4) on a networked reader: create a session, poll it, report
 * progress, and delete the session at the end whatever the end is (card, error, timeout, cancel).
 */
export class EnrollmentService {
  private readonly runs = new Map<string, Run>()

  constructor(private readonly deps: EnrollmentDeps) {}

  async start(input: { deviceId: string; resetCard?: boolean }): Promise<{ enrollmentId: string }> {
    // One session per reader: a new start on the same reader replaces the old one.
    for (const [id, run] of this.runs) if (run.deviceId === input.deviceId) await this.cancel(id)
    const client = await this.deps.client()
    const { sessionId } = await client.sessions.create({
      deviceId: input.deviceId,
      resetCard: input.resetCard ?? false
    })
    const enrollmentId = randomUUID()
    const controller = new AbortController()
    const run: Run = { deviceId: input.deviceId, controller, done: Promise.resolve() }
    run.done = this.follow(client, enrollmentId, input.deviceId, sessionId, controller.signal).finally(() =>
      this.runs.delete(enrollmentId)
    )
    this.runs.set(enrollmentId, run)
    return { enrollmentId }
  }

  /** Resolves once the session is deleted on the console. */
  async cancel(enrollmentId: string): Promise<{ cancelled: boolean }> {
    const run = this.runs.get(enrollmentId)
    if (!run) return { cancelled: false }
    run.controller.abort()
    await run.done
    return { cancelled: true }
  }

  /** Whether this enrollment's session is still followed (runs live in memory: none after a restart). */
  following(enrollmentId: string): boolean {
    return this.runs.has(enrollmentId)
  }

  /**
   * Give the enrolled card. With `seen` (the take-over question's holder, "Take this card over from
   * Uma?"), the card is read afresh first and held to it as Cards' Give is (shared/seen
   * `cards.assign`): a card someone else got meanwhile is answered CHANGED_SINCE_SHOWN, nothing sent,
   * and the screen asks again naming them.
   */
  async assign(input: {
    token: string
    owner: { type: 'user' | 'visitor'; id: string; name?: string }
    force?: boolean
    seen?: Seen
    cardId?: string
  }): Promise<{ assigned: true }> {
    const client = await this.deps.client()
    if (input.seen) checkSeen('cards.assign', input.seen, cardFacts(await client.nfcCards.get(input.token)))
    // Not retried: an assignment is not idempotent (facts: non-idempotent calls are never retried).
    // The person and card as the screen named them name the audit row whatever its own reads find.
    await assignCard(client, input.token, input.owner, input.force, input.cardId)
    return { assigned: true }
  }

  /** Whether the token may enroll (`edit:credential`), found without side effects (no session is created). */
  async capabilities(): Promise<{ canEnroll: boolean; missingPermission?: string }> {
    if (!this.deps.probe) return { canEnroll: true }
    const { canEdit, missingPermission } = await this.deps.probe()
    return canEdit ? { canEnroll: true } : { canEnroll: false, missingPermission }
  }

  async close(): Promise<void> {
    await Promise.allSettled([...this.runs.keys()].map((id) => this.cancel(id)))
  }

  private async follow(
    client: EnrollConsole,
    enrollmentId: string,
    deviceId: string,
    sessionId: string,
    signal: AbortSignal
  ): Promise<void> {
    const timeoutMs = this.deps.timeoutMs ?? 60_000
    const interval = this.deps.pollIntervalMs ?? 1000
    const deadline = Date.now() + timeoutMs
    const secondsLeft = () => Math.max(0, Math.ceil((deadline - Date.now()) / 1000))
    const report = (state: EnrollProgress['state'], extra: Partial<EnrollProgress> = {}) =>
      this.deps.emit('enroll.progress', { enrollmentId, deviceId, state, secondsLeft: secondsLeft(), ...extra })

    let end: Parameters<typeof report> = ['timeout']
    let errors = 0
    // The stage never goes back: the console answers "hold longer" once, then "no card" again while
    // the card is still on the reader, and the person must keep being told to hold it.
    let stage: 'waiting' | 'hold-longer' = 'waiting'
    report(stage)
    try {
      while (true) {
        const wait = Math.min(interval, deadline - Date.now())
        if (wait > 0) await sleep(wait, undefined, { signal }).catch(() => undefined)
        if (signal.aborted) {
          end = ['cancelled']
          break
        }
        if (Date.now() >= deadline) {
          end = [
            'timeout',
            {
              error: new AppError({
                kind: 'reader',
                code: 'ENROLL_TIMEOUT',
                message: `No card was presented within ${Math.round(timeoutMs / 1000)} s.`,
                hint: 'Start again and hold the card on the reader for more than 5 seconds.',
                details: { seconds: Math.round(timeoutMs / 1000) }
              }).toData()
            }
          ]
          break
        }
        try {
          const result = await client.sessions.poll(sessionId, {
            signal,
            timeoutMs: Math.max(1000, Math.min(10_000, deadline - Date.now()))
          })
          errors = 0
          if (result.state === 'done') {
            end = ['done', { card: { token: result.token, cardId: result.cardId } }]
            break
          }
          if (result.state === 'hold-longer') stage = 'hold-longer'
          report(stage)
        } catch (err) {
          if (signal.aborted) {
            end = ['cancelled']
            break
          }
          const error = AppError.from(err)
          if (error.code === SESSION_GONE) {
            end = ['cancelled', { error: error.toData() }]
            break
          }
          if (error.code === PROVISIONED) {
            end = ['failed', { error: { ...error.toData(), details: { ...error.details, canReset: true } } }]
            break
          }
          if (error.code === INVALID_CARD || !error.retryable || ++errors > MAX_POLL_ERRORS) {
            end = ['failed', { error: error.toData() }]
            break
          }
          report(stage)
        }
      }
    } finally {
      await client.sessions.remove(sessionId, { timeoutMs: 5000 }).catch(() => undefined)
    }
    report(...end)
  }
}
