/**
 * The console endpoints the app calls: spec ids (E1–E18) where they have one, permission key and
 * minimum console version (spec section 9, facts 1.8). Used for error messages ("needs
 * `edit:credential`", "needs Access 3.2.20") and for the README's endpoint table.
 */
export type PermissionKey =
  | 'view:credential'
  | 'edit:credential'
  | 'view:user'
  | 'edit:user'
  | 'view:visitor'
  | 'edit:visitor'
  | 'view:space'
  | 'view:device'

export interface EndpointInfo {
  id: string
  title: string
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  path: string
  permission: PermissionKey
  minVersion?: string
}

function ep(
  id: string,
  title: string,
  method: EndpointInfo['method'],
  path: string,
  permission: PermissionKey,
  minVersion?: string
): EndpointInfo {
  return minVersion ? { id, title, method, path, permission, minVersion } : { id, title, method, path, permission }
}

export const endpoints = {
  E1: ep('E1', 'Generate PIN code', 'POST', '/credentials/pin_codes', 'view:credential')
} satisfies Record<string, EndpointInfo>

export type EndpointId = keyof typeof endpoints

/** Compare dotted versions numerically: 3.10.0 > 3.3.10. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map((n) => Number.parseInt(n, 10) || 0)
  const pb = b.split('.').map((n) => Number.parseInt(n, 10) || 0)
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0)
    if (d !== 0) return d < 0 ? -1 : 1
  }
  return 0
}
