import type { AppServices } from '../services/app-services'
import type { HandlersOf } from './types'

export function userHandlers({ connections }: AppServices): HandlersOf<'users'> {
  return {
    'users.list': async ({ page, pageSize }) => (await connections.client()).users.list({ page, pageSize }),
    'users.search': async ({ keyword }) => ({ items: await (await connections.client()).users.search(keyword) }),
    'users.get': async ({ id }) => (await connections.client()).users.get(id)
  }
}
