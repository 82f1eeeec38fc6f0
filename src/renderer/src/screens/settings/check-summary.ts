import type { TokenCheck } from '../../../../shared/connections'

/** Whether a test proved everything it asked: no key left untold because its probe met an error. */
export function checkTold(check: TokenCheck): boolean {
  return check.permissions.every((p) => p.status !== 'unknown')
}

/**
 * One sentence for screen readers and the eye: what works, which keys are missing, and which keys
 * the console could not be asked about (an error answered their probe): those are never called held.
 */
export function checkSummary(check: TokenCheck): string {
  const keysWith = (status: string) => check.permissions.filter((p) => p.status === status)
  const missing = keysWith('missing')
  const unknown = keysWith('unknown')
  const untold = unknown.map((p) => p.key).join(', ')
  if (unknown.length > 0 && unknown.length === check.permissions.length) {
    return (
      `The console at ${check.url} answered every check with an error, so it is not known whether this token ` +
      `works or holds ${untold}. Test again in a moment; if the errors go on, restart the console.`
    )
  }
  if (check.permissions.length > 0 && missing.length === check.permissions.length) {
    // A token the console accepts but that holds no key works for nothing: never said to "work".
    return (
      `Connected to ${check.url} in ${check.latencyMs} ms: the address and the certificate work, but this token holds ` +
      `none of the permission keys Access Desk uses (${missing.map((p) => p.key).join(', ')}), so nothing can be read ` +
      'or changed with it. On the console, give the token these keys (Access → Settings → General → Advanced → API Token), ' +
      'or create one that has them and paste it with "Change token…".'
    )
  }
  const connected = `Connected to ${check.url} in ${check.latencyMs} ms: address, certificate and token work.`
  const parts = [connected]
  if (missing.length > 0) {
    const keys = missing.map((p) => p.key).join(', ')
    parts.push(
      `This token cannot ${missing.map((p) => p.uses).join('; ')}: it lacks ${keys}. ` +
        'Add them to the key on the console (Access → Settings → General → Advanced → API Token) to use those actions.'
    )
  }
  if (unknown.length > 0) {
    parts.push(
      `Could not tell whether this token holds ${untold}: the console answered those checks with an error. Test again in a moment.`
    )
  } else if (missing.length === 0) parts.push('The token holds every permission key Access Desk uses.')
  return parts.join(' ')
}
