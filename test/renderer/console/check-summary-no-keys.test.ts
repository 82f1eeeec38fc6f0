import { describe, expect, it } from 'vitest'
import { checkSummary } from '../../../src/renderer/src/screens/settings/check-summary'
import type { TokenCheck } from '../../../src/shared/connections'

const check = (statuses: ('allowed' | 'missing')[]): TokenCheck => ({
  ok: true,
  url: 'https://10.0.0.5:12445',
  latencyMs: 12,
  checkedAt: 1,
  permissions: statuses.map((status, i) => ({
    key: `view:key${i}`,
    status,
    uses: `use ${i}`
  })) as TokenCheck['permissions']
})

describe('Test connection with a token that holds no key', () => {
  it('never says the token works: it says the token holds none of the keys, and what to do', () => {
    const words = checkSummary(check(['missing', 'missing']))
    expect(words).not.toMatch(/token work/)
    expect(words).toBe(
      'Connected to https://10.0.0.5:12445 in 12 ms: the address and the certificate work, but this token holds none of the permission keys Access Desk uses (view:key0, view:key1), so nothing can be read or changed with it. On the console, give the token these keys (Access → Settings → General → Advanced → API Token), or create one that has them and paste it with "Change token…".'
    )
  })

  it('a token with some keys still says address, certificate and token work', () => {
    expect(checkSummary(check(['allowed', 'missing']))).toMatch(/address, certificate and token work/)
  })
})
