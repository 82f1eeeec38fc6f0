import type { AccessClient } from '../access/client'

/** What the batches need from the access client: import (E16) and the card list (E6) to explain failures. */
export type BatchConsole = { nfcCards: Pick<AccessClient['nfcCards'], 'importCsv' | 'all'> }

/** The active console as a batch binds to it at upload (profile id and name); null when none is. */
export async function activeConsoleOf(connections: {
  list(): Promise<{ profiles: { id: string; name: string }[]; activeId: string | null }>
}): Promise<{ profileId: string; name: string } | null> {
  const { profiles, activeId } = await connections.list()
  const active = profiles.find((p) => p.id === activeId)
  return active ? { profileId: active.id, name: active.name } : null
}
