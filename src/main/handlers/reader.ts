import type { AppServices } from '../services/app-services'
import type { HandlersOf } from './types'

export function readerHandlers({ reader }: AppServices): HandlersOf<'reader'> {
  return {
    'reader.status': async () => reader.status(),
    'reader.select': async ({ reader: name }) => reader.select(name),
    'reader.feedback': async ({ reader: name, kind }) => ({ played: await reader.feedback(name, kind) })
  }
}
