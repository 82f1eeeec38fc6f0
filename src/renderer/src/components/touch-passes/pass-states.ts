import type { TouchPass, TouchPassStatus } from '../../../../shared/access/touch-passes'
import type { PassWords } from './pass-words'

// Main keeps the English in shared/access/touch-pass-words.ts (a pass found by Find); the screen says
// them in the desk's language from its catalogue (area touchPasses), by the same rule.

/** The status of one pass in words: an INACTIVE pass someone still holds is "Inactive". */
export function passStatusLabel(pass: Pick<TouchPass, 'status' | 'user_id'>, m: PassWords): string {
  return pass.status === 'INACTIVE' && pass.user_id ? m.t('status.inactiveHeld') : m.t(`status.${pass.status}`)
}

/** A status in words where no pass is at hand (the list's filter). */
export function statusLabel(status: TouchPassStatus, m: PassWords): string {
  return m.t(`status.${status}`)
}

/**
 * The status change offered for a pass, or why none is. The console accepts ACTIVE and SUSPENDED
 * (E12) and does not say from which states (facts 7), so the app offers only what makes sense:
 * suspending an active pass, and activating again a suspended pass someone holds. A pending pass
 * becomes active when its user adds it to a phone; an unassigned pass opens no door for anyone.
 */
export type StatusOffer = { to: 'ACTIVE' | 'SUSPENDED'; label: string } | { to: null; why: string }

export function statusOffer(pass: Pick<TouchPass, 'status' | 'user_id' | 'user_name'>, m: PassWords): StatusOffer {
  switch (pass.status) {
    case 'ACTIVE':
      return { to: 'SUSPENDED', label: m.t('suspend') }
    case 'SUSPENDED':
      return pass.user_id ? { to: 'ACTIVE', label: m.t('activate') } : { to: null, why: m.t('why.nobody') }
    case 'PENDING':
      return {
        to: null,
        why: pass.user_name ? m.t('why.pending', { name: pass.user_name }) : m.t('why.pendingNoName')
      }
    case 'INACTIVE':
      return {
        to: null,
        why: pass.user_id ? m.t('why.inactiveHeld') : m.t('why.nobody')
      }
    case 'EXPIRED':
      return { to: null, why: m.t('why.expired') }
  }
}

/** What a done status change did, said for the pass by its card id. */
export function statusChanged(
  pass: Pick<TouchPass, 'card_id' | 'id'>,
  to: 'ACTIVE' | 'SUSPENDED',
  m: PassWords
): string {
  const card = pass.card_id || pass.id
  return to === 'SUSPENDED' ? m.t('suspended', { card }) : m.t('activated', { card })
}
