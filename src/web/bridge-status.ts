/**
 * The tab's state of the bridge, announced on `window` as a DOM event (the renderer shows a banner
 * from it; in the desktop app there is no bridge and the event never fires).
 */
export const BRIDGE_STATUS_EVENT = 'access-desk:bridge-status'
/** `no-key`: the address was opened without its key (`#k=…`), so the tab never tries to connect. */
export type BridgeStatus = 'connected' | 'lost' | 'refused' | 'no-key'

/**
 * The code of a call's error when the tab could not reach the service (lost, or restarted at another
 * address): such an error is about the link, not the call, and is no longer shown once the link is
 * back (the renderer's ErrorNotice drops it then, on every screen).
 */
export const SERVICE_LOST_CODE = 'SERVICE_LOST'
