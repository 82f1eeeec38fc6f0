import type { AppServices } from '../services/app-services'
import { EnrollmentService } from '../services/enrollment/enrollment'
import { probeEditPermission } from '../services/access/permission-probe'
import type { HandlersOf } from './types'

export function enrollHandlers(services: AppServices): HandlersOf<'enroll'> {
  let service: EnrollmentService | undefined
  const enrollment = () => {
    if (!service) {
      const created = new EnrollmentService({
        client: () => services.connections.client(),
        emit: services.events.emit,
        probe: async () => probeEditPermission(await services.connections.client(), 'edit:credential')
      })
      services.onClose(() => created.close())
      service = created
    }
    return service
  }
  return {
    'enroll.start': (input) => enrollment().start(input),
    'enroll.cancel': ({ enrollmentId }) => enrollment().cancel(enrollmentId),
    'enroll.assign': (input) => enrollment().assign(input),
    'enroll.capabilities': () => enrollment().capabilities()
  }
}
