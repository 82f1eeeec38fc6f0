import type { FleetHit } from '../../../../shared/fleet/schemas'
import { consolesWords } from '../../lib/i18n/consoles-messages.svelte'

/**
 * A record found by Find across consoles, in the desk's language from main's facts (shared/fleet
 * schemas `facts` and `match`): what tells it apart, and what the search matched. Main's `detail` and
 * `matched` say the same in English for the CLI; the screen never shows them.
 */

/** What tells the record apart: a person's email and employee number, a card's status, holder and alias… */
export function hitDetail(hit: FleetHit): string {
  const m = consolesWords()
  const f = hit.facts
  const parts: string[] = []
  if (f.cardStatus) parts.push(m.t('hit.cardStatus', { status: f.cardStatus }))
  if (f.passStatus) parts.push(m.t('hit.passStatus', { status: f.passStatus }))
  if (f.email) parts.push(f.email)
  if (f.employeeNumber) parts.push(m.t('hit.employee', { number: f.employeeNumber }))
  if (f.company) parts.push(f.company)
  if (f.holder) parts.push(f.holder)
  // A pass nobody holds says so, unless its status already does ("Unassigned").
  else if (hit.kind === 'touchPass' && f.passStatus !== 'INACTIVE') parts.push(m.t('hit.notAssigned'))
  if (f.label) parts.push(f.label)
  return parts.join(' · ')
}

/** What the search matched ("found by employee number E0001"). */
export function hitMatched(hit: FleetHit): string {
  const m = consolesWords()
  const match = hit.match
  const key =
    match.by === 'nfcId'
      ? m.t(match.reversed ? 'match.nfcIdReversed' : 'match.nfcId', { hex: match.hex })
      : match.by === 'cardId'
        ? m.t(match.part ? 'match.cardIdPart' : 'match.cardId', { cardId: match.cardId })
        : match.by === 'email' || match.by === 'employeeNumber'
          ? m.t(`match.${match.by}`, { value: match.value })
          : m.t(`match.${match.by}`)
  return m.t('found.by', { key })
}

/** The line under a record's name: what tells it apart, then what matched. */
export function hitLine(hit: FleetHit): string {
  const detail = hitDetail(hit)
  return detail ? `${detail} · ${hitMatched(hit)}` : hitMatched(hit)
}
