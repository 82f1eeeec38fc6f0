import { AreaMessages } from './area-messages.svelte'
import { deskLanguage } from './desk-language.svelte'

let shared: AreaMessages<'shell'> | null = null

/**
 * The desk's frame in the desk's language: the sidebar (screen names, the console and its connection
 * line), and the parts every screen shares (the pager, the missing-permission notes, the search
 * picker's hint). One instance for the whole desk, made on first use outside any component (an
 * $effect.root: it lives as long as the page). Its words load before the desk mounts (main.ts): the
 * shell is on every first paint of the desk and must never show blank; the kiosk does not load it.
 */
export function shellWords(): AreaMessages<'shell'> {
  if (!shared) $effect.root(() => void (shared = new AreaMessages('shell', deskLanguage)))
  return shared!
}
