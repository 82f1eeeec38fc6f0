import type { AppServices } from '../services/app-services'
import type { HandlersOf } from './types'

export function todayHandlers({ today }: AppServices): HandlersOf<'today'> {
  return {
    'today.list': (input) => today.live.list(input?.watcher),
    'today.view': ({ watcher, read, ...ask }) => today.live.view({ ...ask, watcher, read }),
    'today.watch': (input) => today.live.watch(input?.watcher),
    'today.unwatch': async (input) => {
      today.live.unwatch(input?.watcher)
      return { stopped: true as const }
    },
    'today.settings': () => today.settings(),
    'today.capabilities': () => today.capabilities(),
    'today.saveSettings': (settings) => today.saveSettings(settings)
  }
}
