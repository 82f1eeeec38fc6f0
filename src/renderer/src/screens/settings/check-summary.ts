import type { TokenCheck } from '../../../../shared/connections'

/** One sentence for screen readers and the eye: what works, and which keys are missing. */
export function checkSummary(check: TokenCheck): string {
  const connected = `Connected to ${check.url} in ${check.latencyMs} ms: address, certificate and token work.`
  const missing = check.permissions.filter((p) => p.status === 'missing')
  if (missing.length === 0) return `${connected} The token holds every permission key Access Desk uses.`
  const keys = missing.map((p) => p.key).join(', ')
  return (
    `${connected} This token cannot ${missing.map((p) => p.uses).join('; ')}: it lacks ${keys}. ` +
    'Add them to the key on the console (Access → Settings → General → Advanced → API Token) to use those actions.'
  )
}
