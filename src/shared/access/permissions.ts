import { endpoints, type EndpointInfo, type PermissionKey } from './endpoints'
import { notificationsSocket } from './notifications-socket'

/**
 * Which permission key each action of the desk needs, declared once. Each key is read from the
 * endpoint the action calls (endpoints.ts), so an action cannot drift from the console's rule.
 * Main probes these keys (services/access/permission-probe.ts), every screen's buttons are turned
 * off from them, and every banner names them (components/common/PermissionNote.svelte).
 */
export const actionKeys = {
  cards: {
    /** Rename and delete a card (E7, E8). */
    edit: endpoints.E8.permission,
    /** Give a card to a person or take it back (§3.7, §3.8). */
    assign: endpoints.userAssignNfc.permission
  },
  touchPasses: {
    /** Rename, activate, suspend, remove a device, buy (E12, E14). */
    edit: endpoints.E12.permission,
    /** Give a pass to a user or take it back (§3.25–3.27). */
    assign: endpoints.userAssignTouchPass.permission
  },
  visitors: {
    /** New visitor, edit, cancel, delete, and the visitor's PIN, card and QR code (E17, E18, §4.6–4.12). */
    edit: endpoints.E18.permission,
    /**
     * "Enroll a new card" for a visitor: it leads to Enroll, whose card is then given to the visitor
     * (§4.7): without the visitor's key the card could never be given.
     */
    enrollCard: endpoints.visitorAssignNfc.permission
  },
  pins: {
    /** Give a PIN to a user or take it back (§3.9, §3.10). */
    user: endpoints.userAssignPin.permission,
    /** Give a PIN to a visitor or take it back (§4.9, §4.10). */
    visitor: endpoints.visitorAssignPin.permission,
    /** Have the console make a PIN (E1): off, and named, for a token that lacks its key. */
    generate: endpoints.E1.permission
  },
  enroll: {
    /** Start an enrollment session (E2). */
    start: endpoints.E2.permission
  },
  import: {
    /** Upload a batch and retry its failed rows (E16). Checking rows to check only reads (E6). */
    upload: endpoints.E16.permission
  },
  today: {
    /** Add a walk-in: a new visitor (E17). */
    walkIn: endpoints.E17.permission,
    /** End a visit now: its end time set to now (E18). */
    endVisit: endpoints.E18.permission,
    /** Print a badge: it assigns the visitor's QR code (§4.11) before the badge is made. */
    badge: endpoints.visitorAssignQr.permission
  }
} as const satisfies Record<string, Record<string, PermissionKey>>

/**
 * Keys that only turn on an extra the desk does its jobs without. A call of an extra refused for
 * its key turns that extra off, said where the extra is, and is never the connection's "Missing
 * permissions" (call-verdict.ts: `extra`). view:device is both: Today's live updates (the console's
 * notifications socket; without it Today reads its list every 15 s and says so) and a job's key,
 * listing the readers to enroll cards with (Enroll, the roster's enrollment line): a refusal there
 * is a missing permission as ever, and the token check names it.
 */
export const extraKeys = {
  today: {
    /** Live updates: the notifications socket. */
    liveUpdates: notificationsSocket.permission
  }
} as const satisfies Record<string, Record<string, PermissionKey>>

/**
 * Keys a job reads with, beside its actions' keys: without one the job cannot be done (Enroll cannot
 * list its readers), so a token check that finds it missing is the connection's missing permission.
 */
export const readKeys = {
  enroll: {
    /** The readers to enroll cards with (Enroll, the roster's enrollment line). */
    readers: endpoints.devicesList.permission,
    /** The person a card is bound to, found by name. */
    people: endpoints.usersList.permission
  },
  visitors: {
    /** The list of visitors: without it the screen shows nothing to act on. */
    list: endpoints.visitorsList.permission
  },
  cards: {
    /** The card list (E6): a token with no keys was told only of the edit keys on Cards. */
    list: endpoints.E6.permission
  },
  touchPasses: {
    /** The Touch Pass list (E9). */
    list: endpoints.E9.permission
  },
  today: {
    /** The day's visitors: Today's list is the console's visitor list. */
    list: endpoints.visitorsList.permission
  },
  pins: {
    /** The person or visitor whose PIN is given, found by name. */
    people: endpoints.usersList.permission,
    visitors: endpoints.visitorsList.permission
  }
} as const satisfies Record<string, Partial<Record<string, PermissionKey>>>

/**
 * The keys the kiosk's check-in needs: finding the visitor's visit (the day's visitor list) and giving a
 * visitor with no QR code one (the badge's key). Settings warns, naming them, before kiosk mode starts
 * with a token that lacks one; the kiosk itself sends such a visitor to the desk with the key named on
 * Today (shared/kiosk/failed-step.ts).
 */
export const kioskKeys: readonly PermissionKey[] = [readKeys.today.list, actionKeys.today.badge]

/**
 * Every key a screen uses, its actions', its reads' and its extras' (Today's live updates need
 * view:device), each once: what its banner names when the one connection state finds any missing
 * (stores/screen-keys.svelte.ts).
 */
export function keysUsedBy(screen: Screen): PermissionKey[] {
  const reads = (readKeys as Partial<Record<Screen, Record<string, PermissionKey>>>)[screen] ?? {}
  const extras = (extraKeys as Partial<Record<Screen, Record<string, PermissionKey>>>)[screen] ?? {}
  return [...new Set([...keysOf(screen), ...Object.values(reads), ...Object.values(extras)])]
}

/**
 * Keys that only turn on an extra, used by no job (neither an action's nor a job's read): a token check
 * that finds one missing says so in Settings' list and where the extra is, never as the connection's
 * missing permission. view:device is not one: Enroll lists its readers with it.
 */
export const extraOnlyKeys: readonly PermissionKey[] = (() => {
  const jobs = new Set<string>(
    [actionKeys, readKeys].flatMap((table) => Object.values(table).flatMap((keys) => Object.values(keys)))
  )
  const extras = Object.values(extraKeys).flatMap((keys) => Object.values(keys) as PermissionKey[])
  return [...new Set(extras)].filter((key) => !jobs.has(key))
})()

export type Screen = keyof typeof actionKeys

/** The keys a screen's actions need, each once, in declaration order: what that screen probes. */
export function keysOf(screen: Screen): PermissionKey[] {
  return [...new Set(Object.values(actionKeys[screen]) as PermissionKey[])]
}

/**
 * The key printing a badge needs, one rule for Today and Badges: a print that assigns the visitor's QR
 * code (a first badge, or a new one after a revoke) needs `actionKeys.today.badge`; a badge whose QR code
 * stands assigns nothing and needs no key (a view-only token reprints it).
 */
export function badgePrintKey(qrStands: boolean): PermissionKey | null {
  return qrStands ? null : actionKeys.today.badge
}

/** An id no session, user or visitor can have: the edit probes below change nothing on the console. */
export const NO_SUCH_ID = '00000000-0000-4000-8000-000000000000'

export interface KeyProbe {
  endpoint: EndpointInfo
  params?: Record<string, string>
  query?: Record<string, number>
}

/**
 * One harmless call per permission key, the only table of them (Settings' token check and each
 * screen's capabilities use it). The console has no "who am I" call, so a read proves a view key,
 * and a write on an id that cannot exist proves an edit key: 403 means the key is missing, "no such
 * item" means the console accepted the key and looked. Generating a PIN (E1) comes first: it is the
 * cheapest call that needs a valid token, and stores nothing.
 */
export const keyProbes: Record<PermissionKey, KeyProbe> = {
  'view:credential': { endpoint: endpoints.E1 },
  'edit:credential': { endpoint: endpoints.E4, params: { id: NO_SUCH_ID } },
  'view:user': { endpoint: endpoints.usersList, query: { page_num: 1, page_size: 1 } },
  'edit:user': { endpoint: endpoints.userUnassignPin, params: { id: NO_SUCH_ID } },
  'view:visitor': { endpoint: endpoints.visitorsList, query: { page_num: 1, page_size: 1 } },
  'edit:visitor': { endpoint: endpoints.visitorUnassignPin, params: { id: NO_SUCH_ID } },
  'view:space': { endpoint: endpoints.doorsList },
  'view:device': { endpoint: endpoints.devicesList }
}

/** What the app can do with each key, for the Settings page ("what this token can and cannot do"). */
export const permissionUses: Record<PermissionKey, string> = {
  'view:credential': 'generate PINs, list cards and Touch Passes',
  'edit:credential': 'enroll, import, rename and delete cards; change Touch Passes',
  'view:user': 'find people',
  'edit:user': 'give cards, PINs and Touch Passes to people',
  'view:visitor': 'list visitors',
  'edit:visitor': 'create, edit, cancel and delete visitors; give them PINs, cards and QR codes',
  'view:space': 'list doors and door groups',
  'view:device': 'list readers (enrollment); live updates on Today'
}
