import { AppError } from '../../../shared/errors'
import { END_BEFORE_START, endsAfterStart, pastEndError } from '../../../shared/visitors/visit-rules'
import {
  anyTimeWeek,
  visitorDisplayName,
  type Visitor,
  type VisitorStatus,
  type VisitorUpdate
} from '../../../shared/access/visitors'
import { applyEdit } from '../../../shared/edits/apply-edit'
import type { EditOutcome } from '../../../shared/edits/edit'
import { visitorFieldKinds, visitorFieldsOf, type VisitorEdit, type VisitorFields } from '../../../shared/visitors/edit'
import type { VisitorForm } from '../../../shared/visitors/form'
import type { AccessClient } from '../access/client'
import { unfoldVisitorDoors } from '../access/doors'
import { probeEditPermission } from '../access/permission-probe'
import { actionKeys } from '../../../shared/access/permissions'
import { createOnce, type CreatedVisitor } from './create-check'
import { refused } from './refused'
import { assignQrReadingBack, type QrGiven } from './qr-assign'
import { statesNamedLike } from '../../../shared/visitors/states'
import { matchesVisitorName, searchWords } from '../../../shared/text/search-words'
import { arrivalsOn, shownStatus, type DeskArrival } from '../../../shared/today/groups'
import type { KioskCheckin } from '../../../shared/kiosk/schemas'
import { pinDigest } from '../../../shared/seen/pin-digest'
import { DeskZone } from '../today/desk-day'
import { checkSeen, type Seen } from '../../../shared/seen/seen'
import { PinService } from '../pins/pin-service'
import { cancelReadingBack } from './cancel-read-back'
import { endVisitReadingBack } from './end-visit'
import type { DeskArrivals } from './desk-arrivals'
import { visitStage } from '../../../shared/visitors/visit-stage'

/** The console's body for E17. A one-time visit has no schedule on create. */
function createBody(form: VisitorForm) {
  const { week_schedule, ...rest } = form
  return { ...rest, ...(week_schedule ? { week_schedule } : {}) }
}

/**
 * The console's body for E18: the changed fields only (E18 is partial, facts §4.5), so nothing
 * the person left alone is written. An edit that turns a recurring visit into a one-time one
 * sends "any time of any day" (read back as no schedule). A window changed at one end is checked
 * against the other end as the console holds it now.
 */
function updateBody(send: Partial<VisitorFields>, current: Visitor): VisitorUpdate {
  if (!endsAfterStart(send.start_time ?? current.start_time, send.end_time ?? current.end_time)) {
    throw new AppError({
      kind: 'validation',
      code: 'INVALID_INPUT',
      message: `${END_BEFORE_START} The console holds a window the new time does not fit.`,
      hint: 'Open the visitor again to see its times, then change both ends together.',
      details: { field: send.end_time !== undefined ? 'end_time' : 'start_time', rule: 'end-before-start' }
    })
  }
  // An end changed to one already past (an end left as it was may be old: the visit is being corrected).
  if (send.end_time !== undefined) refusePastEnd(send.end_time, current.end_time)
  const { week_schedule, ...rest } = send
  // The channel checked each changed field with the form's rules (visitorEditSchema).
  return {
    ...(rest as VisitorUpdate),
    ...(week_schedule !== undefined ? { week_schedule: week_schedule ?? anyTimeWeek() } : {})
  }
}

/** The form's past-end rule, applied again here: any transport (the CLI, a second tab) can call main. */
function refusePastEnd(end: number, unchangedEnd?: number | null): void {
  const problem = pastEndError(end, { unchangedEnd: unchangedEnd ?? null })
  if (!problem) return
  throw new AppError({
    kind: 'validation',
    code: 'INVALID_INPUT',
    message: problem,
    hint: 'Nothing was sent to the console.',
    details: { field: 'end_time', rule: 'end-in-the-past' }
  })
}

/** The visitor with its doors as chosen: automatic groups unfolded (see unfoldVisitorDoors). */
async function withDoors<V extends Visitor>(c: AccessClient, visitor: V): Promise<V> {
  return { ...visitor, resources: await unfoldVisitorDoors(c.doors, visitor.resources) }
}

/**
 * An edit onto a visit that is cancelled now: refused with nothing written. E18 would still write the
 * fields (the console keeps a cancelled visitor editable), so the desk would believe it saved a visit
 * that lets nobody in. The console's record does not say when it was cancelled, so the message says it
 * happened while the form was open (the screen offers no Edit on a visit already cancelled).
 */
function cancelledRefusal(
  current: Visitor,
  words = {
    refused: 'edit',
    said: `while the form was open (by another desk or the console's own page); nothing was saved`,
    hint: 'Your changes are still in the form. Close this form; if the visitor is coming after all, create a new visit.'
  }
): AppError | null {
  if (current.status !== 'CANCELLED') return null
  return new AppError({
    kind: 'conflict',
    code: 'VISIT_CANCELLED',
    message: `This visit was cancelled on the console ${words.said}.`,
    hint: words.hint,
    // Which refusal this is, for the renderer's words (shared/errors-wording.ts).
    details: { refused: words.refused }
  })
}

/**
 * Only a visit under way is ended (shared/visitors/visit-stage.ts): refused with nothing written when
 * it has not begun (cancel it instead: an end before its start is no window) or is over already.
 */
function notUnderWay(current: Visitor, nowSeconds: number): AppError | null {
  const stage = visitStage(current, nowSeconds)
  if (stage === 'under-way') return null
  const upcoming = stage === 'upcoming'
  return new AppError({
    kind: 'conflict',
    code: 'VISIT_NOT_UNDER_WAY',
    message: upcoming
      ? `The visit of ${visitorDisplayName(current)} has not begun yet; nothing was sent.`
      : `The visit of ${visitorDisplayName(current)} is over already; nothing was sent.`,
    hint: upcoming ? 'To call off a visit that has not begun, cancel it.' : 'There is nothing left to end.',
    details: { stage, name: visitorDisplayName(current) }
  })
}

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')

/** Visitors as the desk uses them: name search, doors as chosen, schedules, PIN and QR credentials. */
export class VisitorService {
  /** Visitors' PIN is given the way PINs gives one: a lost answer read back (pins/pin-service.ts). */
  private readonly pins: PinService

  constructor(
    private readonly client: () => Promise<AccessClient>,
    /** Told of each QR code revoked here (QrCodeLog): a badge printed before carries a dead code. */
    private readonly qrRevoked?: (visitorId: string) => Promise<void>,
    /**
     * The kiosk's check-in log (read only), as Today reads it: the console keeps a visitor checked in
     * at the kiosk ACTIVE (the API cannot set VISITING), so the list says her arrival beside the status.
     */
    private readonly checkins?: () => Promise<readonly KioskCheckin[]>,
    /** Told of each QR code given here (QrCodeLog.recordAssigned): Today's access column reads it. */
    private readonly qrGiven?: QrGiven,
    /** The walk-ins this desk added and the visits it ended (desk-arrivals.ts): they were here, as Today reads it too. */
    private readonly deskArrivals?: Pick<DeskArrivals, 'recordEnded' | 'recordWalkIn' | 'read'>,
    /** The desk's day (its screens' time zone, desk-day.ts): the arrivals shown are of the desk's today, as on Today. */
    private readonly deskZone: Pick<DeskZone, 'day'> = new DeskZone()
  ) {
    this.pins = new PinService(client)
  }

  /** Today's arrivals recorded at this desk; a log that cannot be read leaves the console's statuses alone. */
  private async arrivals(): Promise<Map<string, DeskArrival>> {
    const [log, atDesk] = await Promise.all([
      (this.checkins?.() ?? Promise.resolve([])).catch(() => [] as const),
      (this.deskArrivals?.read() ?? Promise.resolve({})).catch(() => ({}))
    ])
    return arrivalsOn(log, this.deskZone.day(new Date()), atDesk)
  }

  /**
   * Each visitor with its arrival at this desk today, if one was recorded: every visitor main answers
   * (list, get, create, edit) goes through here, so a screen that shows the answer in place of the
   * row it had never turns a visitor checked in at the kiosk back into "Expected".
   */
  private async withArrivals<V extends Visitor>(items: V[]): Promise<(V & { deskArrival: DeskArrival | null })[]> {
    const arrivals = await this.arrivals()
    return items.map((v) => ({ ...v, deskArrival: arrivals.get(v.id) ?? null }))
  }

  async list(query: {
    keyword?: string | undefined
    status?: VisitorStatus | undefined
    page: number
    pageSize: number
  }) {
    const { items, total } = await this.consoleList(query)
    return { items: await this.withArrivals(items), total }
  }

  async get(id: string): Promise<Visitor & { deskArrival: DeskArrival | null }> {
    const [visitor] = await this.withArrivals([await this.read(id)])
    return visitor!
  }

  private async consoleList(query: {
    keyword?: string | undefined
    status?: VisitorStatus | undefined
    page: number
    pageSize: number
  }): Promise<{ items: Visitor[]; total: number }> {
    const { keyword, status, page, pageSize } = query
    const c = await this.client()
    const typed = searchWords(keyword ?? '')
    if (typed.length > 0) {
      // The console's keyword is one prefix of the first or last name, with accents and case as it
      // pleases (§4.4, facts 3.9): "zoe" would miss Zoë, "Wang Wei" would miss Wei Wang. Every visitor
      // is read and the one matcher of every name search (shared/text/search-words.ts) keeps who matches.
      const hits = (await c.visitors.all()).filter((v) => matchesVisitorName(typed, v))
      return { items: hits.slice((page - 1) * pageSize, page * pageSize), total: hits.length }
    }
    const states = status ? statesNamedLike(status) : []
    if (states.length > 1) {
      // One word, several console states ("Expected": UPCOMING and ACTIVE): the console filters by one
      // state per request, so each is read whole and the desk pages the union, soonest first.
      const hits = (await Promise.all(states.map((s) => c.visitors.all({ status: s })))).flat()
      hits.sort((a, b) => (a.start_time ?? 0) - (b.start_time ?? 0) || a.id.localeCompare(b.id))
      return { items: hits.slice((page - 1) * pageSize, page * pageSize), total: hits.length }
    }
    return c.visitors.list({
      ...(status ? { status } : {}),
      page,
      pageSize
    })
  }

  /** The console's visitor with its doors as chosen (an edit reads this: the arrival is no field of it). */
  private async read(id: string): Promise<Visitor> {
    const c = await this.client()
    return withDoors(c, await c.visitors.get(id))
  }

  /**
   * A new visitor. `walkIn`: they stand at the desk (Today's walk-in): once the console holds the visit,
   * and it is under way, their arrival is recorded here (desk-arrivals.ts), so Today puts them under
   * Here, and under Left once the pass runs out, never No-show. A walk-in booked for later has not arrived.
   */
  async create(
    form: VisitorForm,
    how: { walkIn?: boolean } = {}
  ): Promise<CreatedVisitor & { deskArrival: DeskArrival | null }> {
    refusePastEnd(form.end_time)
    const c = await this.client()
    // A create whose answer was lost is read back at once, and before it is sent again (the audit's
    // same-write rule): one visitor per visit.
    const created = await withDoors(c, await createOnce(c, form, () => c.visitors.create(createBody(form))))
    if (how.walkIn && visitStage(created) === 'under-way') {
      // The visitor is on the console either way: a record that cannot be written leaves them Expected
      // (as before walk-ins were recorded), never reads as a create that failed and is sent again.
      await this.deskArrivals?.recordWalkIn(created.id).catch(() => undefined)
    }
    const [visitor] = await this.withArrivals([created])
    return visitor!
  }

  /**
   * An edit from the form (only the fields changed, with what they held when it opened): the
   * visitor is read again, and a field also changed on the console meanwhile comes back as a
   * conflict with nothing written (applyEdit).
   */
  async update(
    id: string,
    edit: VisitorEdit
  ): Promise<EditOutcome<Visitor & { deskArrival: DeskArrival | null }, VisitorFields>> {
    const c = await this.client()
    const outcome = await applyEdit(
      {
        read: () => this.readForEdit(id),
        fields: visitorFieldsOf,
        refuse: cancelledRefusal,
        write: async (send, current) => withDoors(c, await c.visitors.update(id, updateBody(send, current)))
      },
      edit,
      visitorFieldKinds
    )
    if (outcome.outcome !== 'saved') return outcome
    const [record] = await this.withArrivals([outcome.record])
    return { ...outcome, record: record! }
  }

  /** The visitor an edit goes to, read again; one deleted meanwhile is said as such (nothing is written). */
  private async readForEdit(id: string): Promise<Visitor> {
    try {
      return await this.read(id)
    } catch (err) {
      if (!(err instanceof AppError) || err.kind !== 'not-found') throw err
      throw new AppError({
        kind: 'not-found',
        code: 'VISITOR_GONE',
        message: 'This visitor was deleted on the console while the form was open; nothing was saved.',
        hint: 'Close the form; to let them in, create a new visitor.'
      })
    }
  }

  /**
   * Cancel the visit. `seen`: its status and window as the question said them; the visit is read first
   * and one checked in, cancelled or moved meanwhile is answered CHANGED_SINCE_SHOWN, nothing sent
   * (shared/seen): the screen asks again with the visit now.
   */
  async cancel(id: string, seen?: Seen): Promise<{ readBack?: true }> {
    await this.checkVisitSeen('visitors.cancel', id, seen)
    // A lost answer is read back (cancel-read-back.ts): cancelled, not cancelled, or the visitor gone.
    return cancelReadingBack(await this.client(), id)
  }

  /**
   * End the visit now: its end time set to now (E18 with that field only), so the visitor's PIN, cards
   * and QR code stop opening doors; the record stays. It goes through the one edit mechanism (applyEdit:
   * the end as the question showed it is the base, so an end moved meanwhile is a conflict, nothing
   * written). `seen`: the visit's status and window as the question said them (shared/seen). Only a
   * visit under way is ended (shared/visitors/visit-stage.ts): one not begun is cancelled instead, one
   * over or cancelled has nothing to end. A lost answer is read back (end-visit.ts).
   */
  async endVisit(
    id: string,
    seen?: Seen
  ): Promise<{ record: Visitor & { deskArrival: DeskArrival | null }; readBack?: true }> {
    await this.checkVisitSeen('visitors.endVisit', id, seen)
    const c = await this.client()
    const now = Math.floor(Date.now() / 1000)
    let readBack = false
    const outcome = await applyEdit(
      {
        read: () => this.readForEdit(id),
        fields: visitorFieldsOf,
        refuse: (current) =>
          cancelledRefusal(current, {
            refused: 'end',
            said: `(by another desk or the console's own page); nothing was sent`,
            hint: 'There is nothing left to end.'
          }) ?? notUnderWay(current, now),
        write: async (send, current) => {
          const ended = await endVisitReadingBack(c, id, send.end_time ?? now)
          readBack = ended.readBack === true
          return withDoors(c, { ...current, ...ended.record })
        }
      },
      { base: { end_time: seen?.endTime ?? (await this.read(id)).end_time ?? 0 }, changes: { end_time: now } },
      visitorFieldKinds
    )
    if (outcome.outcome === 'conflicts') {
      throw new AppError({
        kind: 'conflict',
        code: 'CHANGED_SINCE_SHOWN',
        message: "The visit's end changed meanwhile (by another desk or the console's own page); nothing was sent.",
        hint: 'Read the question again with what the console holds now, and answer it again.',
        details: { said: 'visitChanged' }
      })
    }
    // Ended here: the visitor was here (a visitor leaving), so Today puts the visit under Left, not
    // No-show, once its window is over (shared/today/groups.ts).
    await this.deskArrivals?.recordEnded(id)
    const [record] = await this.withArrivals([outcome.record])
    return { record: record!, ...(readBack ? { readBack: true as const } : {}) }
  }

  /**
   * Delete the visitor (§4.6 with force): the record goes from the console with its PIN, cards and QR
   * code (a visitor entered by mistake, or whose data must go). `seen`: the visitor as the question
   * showed them; one checked in, cancelled or moved meanwhile is answered CHANGED_SINCE_SHOWN, nothing
   * sent (shared/seen). The audit row names them from the record read before the write (write-kinds).
   */
  async delete(id: string, seen?: Seen): Promise<void> {
    await this.checkVisitSeen('visitors.delete', id, seen)
    await (await this.client()).visitors.remove(id, { force: true })
  }

  /** The visit read afresh and held to its status and window as the question said them (shared/seen). No `seen`: no read. */
  private async checkVisitSeen(
    action: 'visitors.cancel' | 'visitors.delete' | 'visitors.endVisit',
    id: string,
    seen: Seen | undefined
  ) {
    if (!seen) return
    const current = await this.get(id)
    checkSeen(action, seen, {
      status: shownStatus(current) ?? null,
      startTime: current.start_time ?? null,
      endTime: current.end_time ?? null,
      name: visitorDisplayName(current)
    })
  }

  /**
   * A new PIN for the visitor, read again first (as an edit is): a visit cancelled meanwhile gets
   * none, and a PIN another desk gave, removed or replaced by another meanwhile is answered
   * CHANGED_SINCE_SHOWN when the screen says what it showed (`seen.hasPin`, `seen.pinDigest`,
   * shared/seen), never replaced because the screen had not heard of it. Without `seen` (the CLI), a
   * PIN held is replaced only with `replace`.
   */
  async assignNewPin(id: string, replace = false, seen?: Seen): Promise<{ pin: string; readBack?: true }> {
    const c = await this.client()
    const current = await c.visitors.get(id)
    const refusal = cancelledRefusal(current, {
      refused: 'pin',
      said: `(by another desk or the console's own page); no PIN was given`,
      hint: 'If the visitor is coming after all, create a new visit.'
    })
    if (refusal) throw refusal
    // The screen says what it showed (shared/seen): a PIN given, removed or replaced meanwhile is asked again.
    if (seen)
      checkSeen('visitors.assignNewPin', seen, {
        hasPin: current.pin_code != null,
        pinDigest: pinDigest(current.pin_code),
        name: visitorDisplayName(current)
      })
    else if (current.pin_code != null && !replace) {
      throw new AppError({
        kind: 'conflict',
        code: 'PIN_HELD',
        message: `${visitorDisplayName(current)} already has a PIN (given meanwhile by another desk or the console's own page); nothing was changed.`,
        hint: 'Replace it only if you mean to: their PIN stops opening doors.',
        details: { name: visitorDisplayName(current) }
      })
    }
    const pin = await c.pinCodes.generate()
    // Given the way PINs gives one (pins/pin-service.ts): a lost answer is read back. The PIN changed
    // just now is the one generated here, so it is shown, said as read back; otherwise the read's error.
    // Held to the same facts again as it is sent (pins.assign reads the visitor once more): a PIN another desk
    // gave while this one was being made is not replaced either. The CLI without `replace` saw none held.
    const still: Seen | undefined = seen ?? (replace ? undefined : { hasPin: false })
    const given = await this.pins.assign({ type: 'visitor', id, name: visitorDisplayName(current) }, pin, still)
    return { pin, ...given }
  }

  async unassignPin(id: string): Promise<void> {
    await (await this.client()).visitors.unassignPin(id)
  }

  async assignNfc(id: string, token: string, force: boolean | undefined): Promise<void> {
    await (await this.client()).visitors.assignNfc(id, token, { force })
  }

  async unassignNfc(id: string, token: string): Promise<void> {
    await (await this.client()).visitors.unassignNfc(id, token)
  }

  /** Give the visitor a QR code, a lost answer read back (qr-assign.ts: the one way every screen does it). */
  async assignQr(id: string): Promise<{ readBack?: true }> {
    return assignQrReadingBack(await this.client(), id, {}, this.qrGiven)
  }

  async unassignQr(id: string): Promise<void> {
    await (await this.client()).visitors.unassignQr(id)
    // The console revoked it: a failure to note it here must not read as a failed revoke (the audit
    // trail has the write either way); Today then only misses the warning for this badge.
    await this.qrRevoked?.(id).catch(() => undefined)
  }

  async qrCode(id: string, assign: boolean | undefined): Promise<{ pngBase64: string; bytes: number }> {
    const c = await this.client()
    // Facts 6.6: the download fails until a QR code is assigned; assigning again is harmless.
    if (assign) await this.assignQr(id)
    const png = await c.qrCodes.download(id)
    return { pngBase64: base64(png), bytes: png.byteLength }
  }

  async qrState(id: string): Promise<{ assigned: true; pngBase64: string } | { assigned: false; pngBase64: null }> {
    const c = await this.client()
    try {
      return { assigned: true, pngBase64: base64(await c.qrCodes.download(id)) }
    } catch (err) {
      if (!refused(err)) throw err
      // The console answered with an error for a visitor it knows: no QR code assigned yet (facts
      // 6.6). An unknown visitor throws its own error here.
      await c.visitors.get(id)
      return { assigned: false, pngBase64: null }
    }
  }

  async capabilities() {
    return probeEditPermission(await this.client(), actionKeys.visitors.edit)
  }
}
