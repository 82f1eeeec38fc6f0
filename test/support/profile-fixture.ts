import type { ProfileSummary } from '../../src/shared/connections'

/**
 * A console profile as connections.list answers one, for renderer tests with a scripted bridge: a
 * console (not the demo) with its token kept in a file. `over` changes what a test needs (its address,
 * fingerprint, where the token is kept).
 */
export function profileFixture(id: string, name: string, over: Partial<ProfileSummary> = {}): ProfileSummary {
  return {
    id,
    name,
    url: `https://${id}.example:12445`,
    fingerprint256: 'AA',
    demo: false,
    hasToken: true,
    tokenStorage: 'file',
    ...over
  }
}
