import type { TouchPass, TouchPassStatus } from './touch-passes'

/**
 * Words for a Touch Pass's status (spec 3.2), wherever a pass is shown: Touch Passes, and a pass found
 * by Consoles → Find (main writes its line). INACTIVE is what a bought pass and a taken-back pass are
 * (facts 3.7): nobody holds it, so it reads "Unassigned".
 */
export const touchPassStatusWords: Record<TouchPassStatus, string> = {
  ACTIVE: 'Active',
  PENDING: 'Waiting for the user',
  SUSPENDED: 'Suspended',
  INACTIVE: 'Unassigned',
  EXPIRED: 'Expired'
}

/** The status of one pass in words: an INACTIVE pass someone still holds is "Inactive". */
export function passStatusLabel(pass: Pick<TouchPass, 'status' | 'user_id'>): string {
  return pass.status === 'INACTIVE' && pass.user_id ? 'Inactive' : touchPassStatusWords[pass.status]
}
