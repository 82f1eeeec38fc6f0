import type { AppServices } from '../services/app-services'
import type { HandlersOf } from './types'

export function visitorHandlers({ visitors, audit }: AppServices): HandlersOf<'visitors'> {
  return {
    'visitors.list': (query) => visitors.list(query),
    'visitors.get': ({ id }) => visitors.get(id),
    'visitors.create': ({ walkIn, ...form }) => visitors.create(form, { walkIn: walkIn === true }),
    'visitors.update': ({ id, edit }) => visitors.update(id, edit),
    'visitors.cancel': async ({ id, seen }) => ({ cancelled: true as const, ...(await visitors.cancel(id, seen)) }),
    // An end visit is a visitor update on the wire (E18), told apart in the audit by the channel that makes it.
    'visitors.endVisit': async ({ id, seen }) => {
      const { record, readBack } = await audit.as('end visit', () => visitors.endVisit(id, seen))
      return { visitor: record, ...(readBack ? { readBack } : {}) }
    },
    'visitors.delete': async ({ id, seen }) => {
      await visitors.delete(id, seen)
      return { deleted: true as const }
    },
    'visitors.assignNewPin': ({ id, replace, seen }) => visitors.assignNewPin(id, replace ?? false, seen),
    'visitors.unassignPin': async ({ id }) => {
      await visitors.unassignPin(id)
      return { removed: true as const }
    },
    'visitors.assignNfc': async ({ id, token, force }) => {
      await visitors.assignNfc(id, token, force)
      return { assigned: true as const }
    },
    'visitors.unassignNfc': async ({ id, token }) => {
      await visitors.unassignNfc(id, token)
      return { removed: true as const }
    },
    'visitors.assignQr': async ({ id }) => ({ assigned: true as const, ...(await visitors.assignQr(id)) }),
    'visitors.unassignQr': async ({ id }) => {
      await visitors.unassignQr(id)
      return { removed: true as const }
    },
    'visitors.qrCode': ({ id, assign }) => visitors.qrCode(id, assign),
    'visitors.qrState': ({ id }) => visitors.qrState(id),
    'visitors.capabilities': () => visitors.capabilities()
  }
}
