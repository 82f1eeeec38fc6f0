import { AppError } from '../../../shared/errors'
import { anyTimeWeek, matchesName, nameWords, type Visitor, type VisitorStatus } from '../../../shared/access/visitors'
import type { VisitorForm } from '../../../shared/visitors/form'
import type { AccessClient } from '../access/client'
import { unfoldVisitorDoors } from '../access/doors'
import { probeEditPermission } from '../access/permission-probe'

/**
 * The console's body for E17/E18. A schedule left out stays as it is (E18 is partial): an edit that
 * did not touch it sends none. A one-time visit has no schedule on create; an edit that turns a
 * recurring visit into a one-time one sends "any time of any day" (read back as no schedule).
 */
function toBody(form: VisitorForm, forUpdate: boolean) {
  const { week_schedule, ...rest } = form
  const schedule = week_schedule === null && forUpdate ? anyTimeWeek() : (week_schedule ?? undefined)
  return { ...rest, ...(schedule ? { week_schedule: schedule } : {}) }
}

/**
 * A refusal the console answered (no code assigned comes back as a JSON error, facts 6.4/6.6), as
 * opposed to a console that could not be reached, a token that may not read, or an old console.
 */
function refusedAnswer(err: unknown): boolean {
  if (!(err instanceof AppError)) return false
  return ['not-found', 'validation', 'conflict'].includes(err.kind) || (err.kind === 'server' && !err.retryable)
}

/** The visitor with its doors as chosen: automatic groups unfolded (see unfoldVisitorDoors). */
async function withDoors(c: AccessClient, visitor: Visitor): Promise<Visitor> {
  return { ...visitor, resources: await unfoldVisitorDoors(c.doors, visitor.resources) }
}

const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')

/** Visitors as the desk uses them: name search, doors as chosen, schedules, PIN and QR credentials. */
export class VisitorService {
  constructor(
    private readonly client: () => Promise<AccessClient>,
    /** Told of each QR code revoked here (QrRevocations): a badge printed before carries a dead code. */
    private readonly qrRevoked?: (visitorId: string) => Promise<void>
  ) {}

  async list(query: {
    keyword?: string | undefined
    status?: VisitorStatus | undefined
    page: number
    pageSize: number
  }) {
    const { keyword, status, page, pageSize } = query
    const c = await this.client()
    const words = nameWords(keyword ?? '')
    // Sent as typed: whether a console matches case-blind is not stated (facts 3.9).
    const first = (keyword ?? '').trim().split(/\s+/)[0] ?? ''
    if (words.length > 1) {
      // The console matches one prefix (§4.4): ask for the first word, keep who has every word.
      const hits = (await c.visitors.all({ keyword: first })).filter((v) => matchesName(v, words))
      return { items: hits.slice((page - 1) * pageSize, page * pageSize), total: hits.length }
    }
    return c.visitors.list({
      ...(first ? { keyword: first } : {}),
      ...(status ? { status } : {}),
      page,
      pageSize
    })
  }

  async get(id: string): Promise<Visitor> {
    const c = await this.client()
    return withDoors(c, await c.visitors.get(id))
  }

  async create(form: VisitorForm): Promise<Visitor> {
    const c = await this.client()
    return withDoors(c, await c.visitors.create(toBody(form, false)))
  }

  async update(id: string, form: VisitorForm): Promise<Visitor> {
    const c = await this.client()
    return withDoors(c, await c.visitors.update(id, toBody(form, true)))
  }

  async cancel(id: string): Promise<void> {
    await (await this.client()).visitors.remove(id)
  }

  async assignNewPin(id: string): Promise<{ pin: string }> {
    const c = await this.client()
    const pin = await c.pinCodes.generate()
    await c.visitors.assignPin(id, pin)
    return { pin }
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

  async assignQr(id: string): Promise<void> {
    await (await this.client()).visitors.assignQr(id)
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
    if (assign) await c.visitors.assignQr(id)
    const png = await c.qrCodes.download(id)
    return { pngBase64: base64(png), bytes: png.byteLength }
  }

  async qrState(id: string): Promise<{ assigned: true; pngBase64: string } | { assigned: false; pngBase64: null }> {
    const c = await this.client()
    try {
      return { assigned: true, pngBase64: base64(await c.qrCodes.download(id)) }
    } catch (err) {
      if (!refusedAnswer(err)) throw err
      // The console answered with an error for a visitor it knows: no QR code assigned yet (facts
      // 6.6). An unknown visitor throws its own error here.
      await c.visitors.get(id)
      return { assigned: false, pngBase64: null }
    }
  }

  async capabilities() {
    return probeEditPermission(await this.client(), 'edit:visitor')
  }
}
