import type { TouchPass, TouchPassStatus } from '../../../../shared/access/touch-passes'
import { passStatusLabel, touchPassStatusWords as statusWords } from '../../../../shared/access/touch-pass-words'

// The words live in shared/access/touch-pass-words.ts: main says them too (a pass found by Find).
export { passStatusLabel }

/** A status in words where no pass is at hand (the list's filter). */
export function statusLabel(status: TouchPassStatus): string {
  return statusWords[status]
}

/**
 * The status change offered for a pass, or why none is. The console accepts ACTIVE and SUSPENDED
 * (E12) and does not say from which states (facts 7), so the app offers only what makes sense:
 * suspending an active pass, and activating again a suspended pass someone holds. A pending pass
 * becomes active when its user adds it to a phone; an unassigned pass opens no door for anyone.
 */
export type StatusOffer = { to: 'ACTIVE' | 'SUSPENDED'; label: string } | { to: null; why: string }

export function statusOffer(pass: Pick<TouchPass, 'status' | 'user_id' | 'user_name'>): StatusOffer {
  const holder = pass.user_name || 'the user'
  switch (pass.status) {
    case 'ACTIVE':
      return { to: 'SUSPENDED', label: 'Suspend' }
    case 'SUSPENDED':
      return pass.user_id
        ? { to: 'ACTIVE', label: 'Activate' }
        : {
            to: null,
            why: 'Activate is not offered: nobody holds this pass. Give it to a user; it becomes active once they add it to their phone.'
          }
    case 'PENDING':
      return {
        to: null,
        why: `Activate is not offered: the pass waits for ${holder} to add it to their phone, and becomes active then.`
      }
    case 'INACTIVE':
      return {
        to: null,
        why: pass.user_id
          ? 'Activate is not offered: take the pass back and give it again, so the user can add it to their phone.'
          : 'Activate is not offered: nobody holds this pass. Give it to a user; it becomes active once they add it to their phone.'
      }
    case 'EXPIRED':
      return { to: null, why: 'An expired pass cannot be activated or suspended.' }
  }
}

/** What a done status change did, said for the pass by its card id. */
export function statusChanged(pass: Pick<TouchPass, 'card_id' | 'id'>, to: 'ACTIVE' | 'SUSPENDED'): string {
  const name = pass.card_id || pass.id
  return to === 'SUSPENDED'
    ? `Pass ${name} suspended: its devices stop opening doors.`
    : `Pass ${name} activated: its devices open doors again.`
}
