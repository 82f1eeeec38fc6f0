import type { AppServices } from '../services/app-services'
import type { HandlersOf } from './types'

export function enrollHandlers({ enrollment, audit }: AppServices): HandlersOf<'enroll'> {
  return {
    'enroll.start': (input) => enrollment.start(input),
    'enroll.cancel': ({ enrollmentId }) => enrollment.cancel(enrollmentId),
    'enroll.following': async ({ enrollmentId }) => ({ following: enrollment.following(enrollmentId) }),
    // On the wire a card assignment; in the audit trail, the bind that ends an enrollment.
    'enroll.assign': (input) => audit.as('enrollment bind', () => enrollment.assign(input)),
    'enroll.capabilities': () => enrollment.capabilities()
  }
}
