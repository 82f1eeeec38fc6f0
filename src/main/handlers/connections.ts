import type { AppServices } from '../services/app-services'
import type { HandlersOf } from './types'

export function connectionHandlers({ connections, reach }: AppServices): HandlersOf<'connections'> {
  return {
    'connections.list': () => connections.list(),
    'connections.probe': ({ url }) => connections.probe(url),
    'connections.save': (input) => connections.save(input),
    'connections.changeToken': (input) => connections.changeToken(input),
    'connections.demoTokens': ({ id }) => connections.demoTokens(id),
    'connections.certificate': ({ id }) => connections.certificate(id),
    'connections.trustCertificate': (input) => connections.trustCertificate(input),
    'connections.select': ({ id }) => connections.select(id),
    'connections.remove': async ({ id }) => {
      await connections.remove(id)
      return { removed: true as const }
    },
    'connections.reach': async (input) =>
      input?.recheck ? reach.check({ fresh: true }) : ((await reach.current()) ?? reach.check()),
    'connections.test': (input) => connections.test(input?.id)
  }
}
