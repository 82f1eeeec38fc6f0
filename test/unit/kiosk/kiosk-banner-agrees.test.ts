import { describe, expect, it } from 'vitest'
import { kioskBanner } from '../../../src/shared/kiosk/kiosk-banner'
import { failedStep } from '../../../src/shared/kiosk/failed-step'
import type { AppErrorData } from '../../../src/shared/errors'
import type { ConsoleReach } from '../../../src/shared/connections'

/**
 * The error a kiosk call meets under each connection state (main's call-verdict.ts puts the console in
 * that state from it): the banner the kiosk shows for the state and what main does with a visit it
 * holds on that error are one decision. "Working offline" only where main checks in from its cache.
 */
const ERROR_OF: Record<
  Exclude<ConsoleReach['state'], 'reachable'>,
  Pick<AppErrorData, 'kind' | 'retryable' | 'details'>
> = {
  unreachable: { kind: 'network', retryable: true },
  certificate: { kind: 'tls', retryable: false },
  trouble: { kind: 'server', retryable: true },
  refused: { kind: 'auth', retryable: false },
  permissions: { kind: 'permission', retryable: false, details: { permission: 'view:visitor' } }
}

describe('the kiosk’s banner and its use of the visits it holds agree, state by state', () => {
  for (const [state, error] of Object.entries(ERROR_OF) as [keyof typeof ERROR_OF, AppErrorData][]) {
    it(`${state}: ${failedStep(error, 'visitors').kind === 'offline' ? 'works offline from its cache' : 'uses no cache'}`, () => {
      const banner = kioskBanner({ state })
      const step = failedStep(error, 'visitors')
      expect(step.kind === 'offline').toBe(banner?.kind === 'offline')
      if (state === 'refused') {
        expect(banner).toMatchObject({ kind: 'closed' })
        expect(step).toEqual({ kind: 'refused', refusal: { reason: 'console-refused', cause: 'auth' } })
      }
      // Missing keys: the console answers (no banner), and the read it refused is refused, not offline.
      if (state === 'permissions') expect(banner).toBeNull()
    })
  }

  it('Connected, or no state read yet: no banner', () => {
    expect(kioskBanner({ state: 'reachable' })).toBeNull()
    expect(kioskBanner(null)).toBeNull()
  })
})
