import type { AppServices } from '../services/app-services'
import { forkNodeHost } from '../services/reader/fork-node'
import { ReaderSupervisor } from '../services/reader/supervisor'
import type { HandlersOf } from './types'

const SELECTED_KEY = 'reader.selected'

/** The reader supervisor is created on the first reader.* call: no PC/SC at app start-up. */
export function readerHandlers(services: AppServices): HandlersOf<'reader'> {
  let supervisor: ReaderSupervisor | undefined
  const get = () => {
    if (!supervisor) {
      const stored = services.store.get(SELECTED_KEY)
      supervisor = new ReaderSupervisor({
        forkHost: services.forkHost ?? forkNodeHost,
        emit: services.events.emit,
        ...(typeof stored === 'string' && stored ? { selected: stored } : {})
      })
      const started = supervisor
      services.onClose(() => started.stop())
    }
    return supervisor
  }
  return {
    'reader.status': async () => get().status(),
    'reader.select': async ({ reader }) => {
      services.store.set(SELECTED_KEY, reader ?? '')
      return get().select(reader)
    },
    'reader.feedback': async ({ reader, kind }) => ({ played: await get().feedback(reader, kind) })
  }
}
