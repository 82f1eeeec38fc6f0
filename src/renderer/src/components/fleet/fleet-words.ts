import type { AppErrorData } from '../../../../shared/errors'
import type { FleetConsole, VersionBand } from '../../../../shared/fleet/schemas'
import { missingPermission } from '../../lib/missing-permission'

/** The version band in words: "3.3.10 or newer", "3.2.20 or newer, before 3.3.10", "before 3.1.30". */
export function versionWords(band: VersionBand | null): string {
  if (!band || (!band.atLeast && !band.below)) return 'Not known'
  if (band.atLeast && !band.below) return `${band.atLeast} or newer`
  if (band.atLeast) return `${band.atLeast} or newer, before ${band.below}`
  return `before ${band.below}`
}

/** Why a count could not be read, short enough for its cell (the whole message is in the row's state). */
export function countReason(error: AppErrorData): string {
  const key = missingPermission(error)
  if (key) return `Needs ${key}`
  if (error.kind === 'permission') return 'A permission is missing'
  if (error.kind === 'unsupported') return 'Console too old'
  return 'Could not be read'
}

/** The token's keys in a few words: every one held, or which are missing (and which could not be told). */
export function keyWords(permissions: FleetConsole['permissions']): string {
  if (!permissions) return 'Not known'
  const missing = permissions.filter((p) => p.status === 'missing').map((p) => p.key)
  const unknown = permissions.filter((p) => p.status === 'unknown').length
  if (missing.length === 0 && unknown === 0) return `All ${permissions.length} held`
  const parts = []
  if (missing.length) parts.push(`Missing ${missing.join(', ')}`)
  if (unknown) parts.push(`${unknown} not known`)
  return parts.join('; ')
}
