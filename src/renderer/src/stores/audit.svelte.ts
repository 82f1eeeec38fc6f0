import type { AuditAction, AuditFilter, AuditOutcomeFilter, AuditPage, AuditRow } from '../../../shared/audit/schemas'
import { retentionSchema } from '../../../shared/audit/schemas'
import { AppError } from '../../../shared/errors'
import { getApi } from '../lib/api'
import { Latest } from '../lib/latest'
import { deskLanguage } from '../lib/i18n/desk-language.svelte'
import { languageOf } from '../../../shared/i18n/locales'
import { inDeskZone } from '../lib/desk-zone'
import { parseTypedDay } from '../../../shared/format/parse-date-time'
import { deskFormatLocale } from '../lib/i18n/desk-formats'
import { saveBlob } from '../lib/download'
import { auditWords } from '../lib/i18n/audit-messages.svelte'

/** The filter as the screen's fields hold it: dates as `yyyy-mm-dd` in the desk's zone, '' = any. */
export interface AuditFields {
  from: string
  to: string
  console: string
  action: AuditAction | ''
  outcome: AuditOutcomeFilter | ''
  text: string
}

export const emptyFields = (): AuditFields => ({ from: '', to: '', console: '', action: '', outcome: '', text: '' })

/** Midnight starting a `yyyy-mm-dd` day in the desk's zone, as an instant. */
function dayStart(day: string, plusDays = 0): Date | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day)
  if (!m) return undefined
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]) + plusDays)
  return Number.isFinite(d.getTime()) ? d : undefined
}

/**
 * The fields as the channel's filter: "from" is the start of that day, "to" includes the whole of
 * its day. A range that ends before it starts is refused with what to do.
 */
export function toFilter(fields: AuditFields): AuditFilter {
  const m = auditWords()
  // Read by the desk's one date reader: a typing that is no day (TypedDateField keeps it) says what was
  // typed and how to type a day, in the desk's language.
  const typedFrom = fields.from ? parseTypedDay(fields.from, deskFormatLocale()) : undefined
  const typedTo = fields.to ? parseTypedDay(fields.to, deskFormatLocale()) : undefined
  if (typedFrom && !typedFrom.ok) throw fieldError(m.t('filter.fromInvalid', { problem: typedFrom.message }))
  if (typedTo && !typedTo.ok) throw fieldError(m.t('filter.toInvalid', { problem: typedTo.message }))
  const from = typedFrom ? dayStart(typedFrom.value) : undefined
  const to = typedTo ? dayStart(typedTo.value, 1) : undefined
  if (from && to && to <= from) throw fieldError(m.t('filter.toBeforeFrom'))
  const text = fields.text.trim()
  return {
    ...(from ? { from: from.toISOString() } : {}),
    ...(to ? { to: to.toISOString() } : {}),
    ...(fields.console ? { console: fields.console } : {}),
    ...(fields.action ? { action: fields.action } : {}),
    ...(fields.outcome ? { outcome: fields.outcome } : {}),
    // Found by the words the desk shows in its language too (main words the rows' facts in it).
    ...(text ? { text, language: languageOf(deskLanguage.locale) } : {})
  }
}

function fieldError(message: string): AppError {
  return new AppError({ kind: 'validation', code: 'FILTER_INVALID', message })
}

/**
 * The retention field's text as days, or the message saying what to type, in the desk's language: the
 * bounds are the contract's schema's (its English messages are main's), said here from the catalogue.
 */
export function parseRetention(text: string): { days: number } | { error: string } {
  const m = auditWords()
  const trimmed = text.trim()
  if (!/^\d+$/.test(trimmed)) return { error: m.t('retention.notWhole') }
  const parsed = retentionSchema.safeParse(Number(trimmed))
  if (parsed.success) return { days: parsed.data }
  const issue = parsed.error.issues[0]!
  // Written as the hint writes the bounds ("1 to 3650 days"): a day count, not a grouped number.
  const bound = (n: unknown) => ({ count: Number(n), n: String(n) })
  if (issue.code === 'too_small') return { error: m.t('retention.tooFew', bound(issue.minimum)) }
  if (issue.code === 'too_big') return { error: m.t('retention.tooMany', bound(issue.maximum)) }
  return { error: m.t('retention.notWhole') }
}

/** The Audit screen's state: one page of the filtered journal, the filter, export and retention. */
export class AuditStore {
  readonly pageSize = 100
  fields = $state<AuditFields>(emptyFields())
  /** The filter the shown rows answer (the fields may have been edited since). */
  applied = $state<AuditFilter>({})
  rows = $state.raw<AuditRow[]>([])
  page = $state(1)
  total = $state(0)
  all = $state(0)
  consoles = $state.raw<AuditPage['consoles']>([])
  retentionDays = $state(0)
  notice = $state<string | undefined>(undefined)
  loaded = $state(false)
  /** When the rows shown were read (epoch ms): said with them when a later apply or read fails (HeldListAsOf). */
  readAt = $state<number | null>(null)
  private readonly reads = new Latest()

  /** Read a page of the rows the applied filter matches (page 1 after a new filter). */
  async load(page = 1, filter: AuditFilter = this.applied): Promise<void> {
    // A Clear and the filter typed right after it are two reads in flight: only the newest one's rows land,
    // whatever order the answers come in.
    const ticket = this.reads.next()
    const answer = await getApi().audit.list({
      filter,
      offset: (page - 1) * this.pageSize,
      limit: this.pageSize
    })
    if (!this.reads.isCurrent(ticket)) return
    this.applied = filter
    this.rows = answer.items
    this.total = answer.total
    this.all = answer.all
    this.consoles = answer.consoles
    this.retentionDays = answer.retentionDays
    this.notice = answer.notice
    this.page = page
    this.loaded = true
    this.readAt = Date.now()
  }

  /**
   * Shows the row `id` (the other row of a try and its retry): the rows shown when they hold it, else
   * that row alone (a filter by its id, which Clear lifts). False, and the rows shown kept, when the
   * journal holds it no longer (removed after the days kept).
   */
  async showRow(id: string): Promise<boolean> {
    if (this.rows.some((row) => row.id === id)) return true
    const filter: AuditFilter = { id }
    const answer = await getApi().audit.list({ filter, offset: 0, limit: 1 })
    if (answer.items.length === 0) return false
    this.fields = emptyFields()
    await this.load(1, filter)
    return this.rows.some((row) => row.id === id)
  }

  /** Apply the fields (throws the field's message when a date is wrong). */
  apply(): Promise<void> {
    return this.load(1, toFilter(this.fields))
  }

  clear(): Promise<void> {
    this.fields = emptyFields()
    return this.load(1, {})
  }

  /** The rows the applied filter matches, all of them, as a CSV file. Returns what was saved. */
  async exportCsv(): Promise<string> {
    // The file's times carry the desk's offset, as the screen shows them in the desk's zone; its header the desk's language.
    const { filename, text, rows } = await getApi().audit.exportCsv(
      inDeskZone({ filter: this.applied, language: languageOf(deskLanguage.locale) })
    )
    saveBlob(new Blob([text], { type: 'text/csv' }), filename)
    return auditWords().t('exported', { count: rows, file: filename })
  }

  async setRetention(days: number): Promise<number> {
    const { retentionDays, pruned } = await getApi().audit.setRetention({ days })
    this.retentionDays = retentionDays
    await this.load(1)
    return pruned
  }
}

export const auditStore = new AuditStore()
