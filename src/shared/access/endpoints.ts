/**
 * The console endpoints the app calls: spec ids (E1–E18) where they have one, permission key and
 * minimum console version (spec section 9, facts 1.8). Used for error messages ("needs
 * `edit:credential`", "needs Access 3.2.20") and for the endpoint table of docs/console-endpoints.md
 * (test/unit/docs/console-endpoints-doc.test.ts holds them equal).
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

/** Every endpoint's path is under this prefix on the console's API port. */
export const API_PREFIX = '/api/v1/developer'

export interface EndpointInfo {
  id: string
  title: string
  method: 'GET' | 'POST' | 'PUT' | 'DELETE'
  path: string
  permission: PermissionKey
  minVersion?: string
  /**
   * A POST that changes nothing on the console (E1 only makes up a PIN; nobody holds it until it is
   * given): when its answer is lost there is nothing to look at, and asking again is safe — the HTTP
   * layer's lost-write advice (main's access/lost-answer.ts) treats it as a read.
   */
  changesNothing?: true
  /**
   * A write of many records in one request (E16 takes a CSV file): the console may have carried out
   * some or all of it before answering its own server error, so that error is a lost answer ("to
   * check", main's access/lost-answer.ts) for one card's import as for a batch's upload.
   */
  appliesInPart?: true
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
  // Spec endpoints (spec section 4).
  E1: { ...ep('E1', 'Generate PIN code', 'POST', '/credentials/pin_codes', 'view:credential'), changesNothing: true },
  E2: ep('E2', 'Enroll NFC card (create session)', 'POST', '/credentials/nfc_cards/sessions', 'edit:credential'),
  E3: ep('E3', 'Fetch NFC card enrollment status', 'GET', '/credentials/nfc_cards/sessions/:id', 'edit:credential'),
  E4: ep('E4', 'Remove enrollment session', 'DELETE', '/credentials/nfc_cards/sessions/:id', 'edit:credential'),
  E5: ep('E5', 'Fetch NFC card', 'GET', '/credentials/nfc_cards/tokens/:token', 'view:credential', '1.22.16'),
  E6: ep('E6', 'Fetch all NFC cards', 'GET', '/credentials/nfc_cards/tokens', 'view:credential', '1.22.16'),
  E7: ep('E7', 'Delete NFC card', 'DELETE', '/credentials/nfc_cards/tokens/:token', 'edit:credential', '1.22.16'),
  E8: ep('E8', 'Update NFC card', 'PUT', '/credentials/nfc_cards/tokens/:token', 'edit:credential', '3.1.30'),
  E9: ep('E9', 'Fetch Touch Pass list', 'GET', '/credentials/touch_passes', 'view:credential', '3.2.20'),
  E10: ep('E10', 'Search Touch Pass', 'GET', '/credentials/touch_passes/search', 'view:credential', '3.2.20'),
  E11: ep(
    'E11',
    'Fetch assignable Touch Passes',
    'GET',
    '/credentials/touch_passes/assignable',
    'view:credential',
    '3.2.20'
  ),
  E12: ep('E12', 'Update Touch Pass', 'PUT', '/credentials/touch_passes/:id', 'edit:credential', '3.2.20'),
  E13: ep('E13', 'Fetch Touch Pass details', 'GET', '/credentials/touch_passes/:id', 'view:credential', '3.2.20'),
  E14: ep('E14', 'Purchase Touch Passes', 'POST', '/credentials/touch_passes', 'edit:credential', '3.2.20'),
  E15: ep('E15', 'Download QR code image', 'GET', '/credentials/qr_codes/download/:id', 'view:credential', '3.3.10'),
  E16: {
    ...ep('E16', 'Import third-party NFC cards', 'POST', '/credentials/nfc_cards/import', 'edit:credential', '3.3.10'),
    appliesInPart: true
  },
  E17: ep('E17', 'Create visitor', 'POST', '/visitors', 'edit:visitor'),
  E18: ep('E18', 'Update visitor', 'PUT', '/visitors/:id', 'edit:visitor'),

  // Supporting endpoints the screens need (facts section 3). Ids name the reference section.
  usersList: ep('§3.5', 'List users', 'GET', '/users', 'view:user'),
  usersSearch: ep('§3.24', 'Search users', 'GET', '/users/search', 'view:user', '3.1.30'),
  userFetch: ep('§3.4', 'Fetch user', 'GET', '/users/:id', 'view:user'),
  userAssignNfc: ep('§3.7', 'Assign NFC card to user', 'PUT', '/users/:id/nfc_cards', 'edit:user'),
  userUnassignNfc: ep('§3.8', 'Unassign NFC card from user', 'PUT', '/users/:id/nfc_cards/delete', 'edit:user'),
  userAssignPin: ep('§3.9', 'Assign PIN code to user', 'PUT', '/users/:id/pin_codes', 'edit:user'),
  userUnassignPin: ep('§3.10', 'Unassign PIN code from user', 'DELETE', '/users/:id/pin_codes', 'edit:user'),
  userAssignTouchPass: ep(
    '§3.25',
    'Assign Touch Pass to user',
    'PUT',
    '/users/:user_id/touch_passes/:touch_pass_id',
    'edit:user',
    '3.2.20'
  ),
  userUnassignTouchPass: ep(
    '§3.26',
    'Unassign Touch Pass from user',
    'DELETE',
    '/users/:user_id/touch_passes/:touch_pass_id',
    'edit:user',
    '3.2.20'
  ),
  usersAssignTouchPasses: ep(
    '§3.27',
    'Assign Touch Passes to users (batch)',
    'PUT',
    '/users/touch_passes/assign',
    'edit:user',
    '3.2.20'
  ),
  visitorFetch: ep('§4.3', 'Fetch visitor', 'GET', '/visitors/:id', 'view:visitor'),
  visitorsList: ep('§4.4', 'List visitors', 'GET', '/visitors', 'view:visitor'),
  visitorDelete: ep('§4.6', 'Delete visitor', 'DELETE', '/visitors/:id', 'edit:visitor'),
  visitorAssignNfc: ep('§4.7', 'Assign NFC card to visitor', 'PUT', '/visitors/:id/nfc_cards', 'edit:visitor'),
  visitorUnassignNfc: ep(
    '§4.8',
    'Unassign NFC card from visitor',
    'PUT',
    '/visitors/:id/nfc_cards/delete',
    'edit:visitor'
  ),
  visitorAssignPin: ep('§4.9', 'Assign PIN code to visitor', 'PUT', '/visitors/:id/pin_codes', 'edit:visitor'),
  visitorUnassignPin: ep(
    '§4.10',
    'Unassign PIN code from visitor',
    'DELETE',
    '/visitors/:id/pin_codes',
    'edit:visitor'
  ),
  visitorAssignQr: ep('§4.11', 'Assign QR code to visitor', 'PUT', '/visitors/:id/qr_codes', 'edit:visitor', '3.3.10'),
  visitorUnassignQr: ep(
    '§4.12',
    'Unassign QR code from visitor',
    'DELETE',
    '/visitors/:id/qr_codes',
    'edit:visitor',
    '3.3.10'
  ),
  doorGroupsTopology: ep('§7.1', 'Fetch door group topology', 'GET', '/door_groups/topology', 'view:space'),
  doorGroupsList: ep('§7.5', 'List door groups', 'GET', '/door_groups', 'view:space'),
  doorGroupFetch: ep('§7.3', 'Fetch door group', 'GET', '/door_groups/:id', 'view:space'),
  doorsList: ep('§7.8', 'List doors', 'GET', '/doors', 'view:space'),
  devicesList: ep('§8.1', 'List devices', 'GET', '/devices', 'view:device')
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
