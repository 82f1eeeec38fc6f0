import type { AppServices } from '../services/app-services'
import type { HandlersOf } from './types'

export function rosterHandlers({ rosters }: AppServices): HandlersOf<'roster'> {
  return {
    'roster.list': () => rosters.list(),
    'roster.open': (input) => rosters.open(input),
    'roster.get': ({ id }) => rosters.get(id),
    'roster.plan': (input) => rosters.plan(input),
    'roster.resolve': (input) => rosters.resolve(input),
    'roster.decide': (input) => rosters.decide(input),
    'roster.run': ({ id }) => rosters.run(id),
    'roster.pause': ({ id }) => rosters.pause(id),
    'roster.retryFailed': ({ id }) => rosters.retryFailed(id),
    'roster.lineStart': (input) => rosters.lineStart(input),
    'roster.lineSkip': ({ id }) => rosters.lineSkip(id),
    'roster.lineUndo': ({ id }) => rosters.lineUndo(id),
    'roster.linePause': ({ id }) => rosters.linePause(id),
    'roster.exportCsv': ({ id, language }) => rosters.exportCsv(id, language),
    'roster.handout': (input) => rosters.handout(input),
    'roster.pinsKnown': ({ id }) => rosters.pinsKnown(id),
    'roster.capabilities': () => rosters.capabilities(),
    'roster.delete': ({ id }) => rosters.delete(id)
  }
}
