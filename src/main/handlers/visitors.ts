import { AppError } from '../../shared/errors'
import { anyTimeWeek, matchesName, nameWords, type Visitor } from '../../shared/access/visitors'
import type { VisitorForm } from '../../shared/ipc/channels/visitors'
import type { AppServices } from '../services/app-services'
import type { HandlersOf } from './types'
import { probeEditPermission } from '../services/access/permission-probe'
import { unfoldVisitorDoors } from '../services/access/doors'
import type { AccessClient } from '../services/access/client'

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

export function visitorHandlers({ connections }: AppServices): HandlersOf<'visitors'> {
  const client = () => connections.client()
  return {
    'visitors.list': async ({ keyword, status, page, pageSize }) => {
      const c = await client()
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
    },
    'visitors.get': async ({ id }) => {
      const c = await client()
      return withDoors(c, await c.visitors.get(id))
    },
    'visitors.create': async (form) => {
      const c = await client()
      return withDoors(c, await c.visitors.create(toBody(form, false)))
    },
    'visitors.update': async ({ id, visitor }) => {
      const c = await client()
      return withDoors(c, await c.visitors.update(id, toBody(visitor, true)))
    },
    'visitors.cancel': async ({ id }) => {
      await (await client()).visitors.remove(id)
      return { cancelled: true as const }
    },
    'visitors.assignNewPin': async ({ id }) => {
      const c = await client()
      const pin = await c.pinCodes.generate()
      await c.visitors.assignPin(id, pin)
      return { pin }
    },
    'visitors.unassignPin': async ({ id }) => {
      await (await client()).visitors.unassignPin(id)
      return { removed: true as const }
    },
    'visitors.assignNfc': async ({ id, token, force }) => {
      await (await client()).visitors.assignNfc(id, token, { force })
      return { assigned: true as const }
    },
    'visitors.unassignNfc': async ({ id, token }) => {
      await (await client()).visitors.unassignNfc(id, token)
      return { removed: true as const }
    },
    'visitors.assignQr': async ({ id }) => {
      await (await client()).visitors.assignQr(id)
      return { assigned: true as const }
    },
    'visitors.unassignQr': async ({ id }) => {
      await (await client()).visitors.unassignQr(id)
      return { removed: true as const }
    },
    'visitors.qrCode': async ({ id, assign }) => {
      const c = await client()
      // Facts 6.6: the download fails until a QR code is assigned; assigning again is harmless.
      if (assign) await c.visitors.assignQr(id)
      const png = await c.qrCodes.download(id)
      return { pngBase64: Buffer.from(png).toString('base64'), bytes: png.byteLength }
    },
    'visitors.qrState': async ({ id }) => {
      const c = await client()
      try {
        const png = await c.qrCodes.download(id)
        return { assigned: true, pngBase64: Buffer.from(png).toString('base64') }
      } catch (err) {
        if (!refusedAnswer(err)) throw err
        // The console answered with an error for a visitor it knows: no QR code assigned yet (facts
        // 6.6). An unknown visitor throws its own error here.
        await c.visitors.get(id)
        return { assigned: false, pngBase64: null }
      }
    },
    'visitors.capabilities': async () => probeEditPermission(await client(), 'edit:visitor')
  }
}
