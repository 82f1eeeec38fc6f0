import type { AppErrorData } from '../../../shared/errors'

/**
 * The permission key an error names as missing: only a permission error (HTTP 403 or
 * CODE_UNAUTHORIZED) that names its key. A refusal by a console rule (a user who already holds a
 * pass, a pass in the wrong state) is about that one action and names no key. Its own module: the
 * visitor store reads it without the Touch Pass store and its schema (Today's first paint). It takes an
 * error as main sends it too (the Consoles screen's counts).
 */
export function missingPermission(err: Pick<AppErrorData, 'kind' | 'details'>): string | null {
  if (err.kind !== 'permission') return null
  const key = err.details?.['permission']
  return typeof key === 'string' ? key : null
}
