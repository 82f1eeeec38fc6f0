import type { AuditCard, AuditTouchPass, AuditVisit } from '../../../shared/audit/schemas'
import { formatLocal } from '../lib/local-time'

/**
 * What an audit row names, in the words the other screens use: a card as Cards writes it ("Card
 * 100005 (Front desk) · NFC ID 04A23B1C · Ada Ng (user)"), a pass as Touch Passes does (its card
 * id), a visit's times in the desk's time zone through the app's formatter, as every time on Audit.
 */
export function cardWords(card: AuditCard): string {
  const parts = [`Card ${card.number}${card.alias ? ` (${card.alias})` : ''}`]
  if (card.nfcId) parts.push(`NFC ID ${card.nfcId}`)
  if (card.owner) parts.push(`${card.owner.name} (${card.owner.kind})`)
  return parts.join(' · ')
}

/**
 * A console as the filter offers it: every name its rows carry (two profiles on one console, a
 * profile renamed), the current one first, and its address: "HQ view / Demo console (https://…)".
 */
export function consoleWords(c: { name: string; url: string; names?: string[] | undefined }): string {
  const names = [c.name, ...(c.names ?? []).filter((n) => n !== c.name)]
  return `${names.join(' / ')} (${c.url || 'no address'})`
}

export function touchPassWords(pass: AuditTouchPass): string {
  const named = `Touch Pass ${pass.cardId}${pass.name ? ` (${pass.name})` : ''}`
  return pass.holder ? `${named} · ${pass.holder}` : named
}

/** "Visit 12 Jan 2026, 09:00 → 12 Jan 2026, 17:00" in the desk's zone; one end when an edit sent one. */
export function visitWords(visit: AuditVisit): string {
  const { start, end } = visit
  if (start !== undefined && end !== undefined) return `Visit ${formatLocal(start)} → ${formatLocal(end)}`
  if (start !== undefined) return `Visit from ${formatLocal(start)}`
  if (end !== undefined) return `Visit until ${formatLocal(end)}`
  return ''
}

/** Transport codes of a request whose answer never came back (it may have been done): what they mean. */
const lostAnswer: Record<string, string> = {
  ECONNRESET: 'connection reset',
  EPIPE: 'connection broken',
  ETIMEDOUT: 'timed out',
  ECONNABORTED: 'timed out',
  TIMEOUT: 'timed out',
  UND_ERR_SOCKET: 'connection closed',
  UND_ERR_CLOSED: 'connection closed',
  NETWORK: 'network error',
  CANCELLED: 'cancelled'
}
/** Transport codes of a request that never reached the console. */
const notReached: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'address not found',
  EAI_AGAIN: 'address not found',
  EHOSTUNREACH: 'console unreachable',
  ENETUNREACH: 'network unreachable'
}

/**
 * A row's code as the detail it is, after the row's sentence: a transport code in words ("answer lost
 * (connection reset)"), a gateway's 5xx the same (the write went out, the answer was lost: the one rule
 * of access/lost-answer.ts); the console's own code as it wrote it (what its support asks for).
 */
export function codeWords(code: string): string {
  if (lostAnswer[code]) return `answer lost (${lostAnswer[code]})`
  if (notReached[code]) return `not sent (${notReached[code]})`
  const gateway = /^HTTP_(5\d\d)$/.exec(code)
  if (gateway) return `answer lost (HTTP ${gateway[1]})`
  return code
}
