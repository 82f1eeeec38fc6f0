import type { AppServices } from '../services/app-services'
import type { HandlersOf } from './types'

export function enrollHandlers({ enrollment }: AppServices): HandlersOf<'enroll'> {
  return {
    'enroll.start': (input) => enrollment.start(input),
    'enroll.cancel': ({ enrollmentId }) => enrollment.cancel(enrollmentId),
    'enroll.assign': (input) => enrollment.assign(input),
    'enroll.capabilities': () => enrollment.capabilities()
  }
}
