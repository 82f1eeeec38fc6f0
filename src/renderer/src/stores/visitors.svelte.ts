import type { Visitor, VisitorStatus } from '../../../shared/access/visitors'
import { AppError } from '../../../shared/errors'
import { getApi, type Api } from '../lib/api'
import { Latest } from '../lib/latest'
import { missingPermission } from './touch-passes.svelte'

/** The visitor list (keyword or status, paged) and the visitor being looked at or edited. */
export class VisitorsStore {
  items = $state.raw<Visitor[]>([])
  total = $state(0)
  page = $state(1)
  pageSize = $state(25)
  keyword = $state('')
  status = $state<VisitorStatus | ''>('')
  loading = $state(false)
  loaded = $state(false)
  error = $state<AppError | null>(null)
  selected = $state.raw<Visitor | null>(null)
  /** 'new', 'edit' or null: the form shown. */
  editing = $state<'new' | 'edit' | null>(null)
  editBlocked = $state<string | null>(null)

  private readonly listRequests = new Latest()
  private readonly openRequests = new Latest()

  async load(page = this.page): Promise<void> {
    const ticket = this.listRequests.next()
    this.loading = true
    this.error = null
    try {
      const keyword = this.keyword.trim()
      const result = await getApi().visitors.list({
        page,
        pageSize: this.pageSize,
        ...(keyword ? { keyword } : {}),
        // The console ignores the status when a keyword is given (§4.4).
        ...(this.status && !keyword ? { status: this.status } : {})
      })
      if (!this.listRequests.isCurrent(ticket)) return
      this.items = result.items
      this.total = result.total
      this.page = page
      this.loaded = true
    } catch (err) {
      if (this.listRequests.isCurrent(ticket)) this.error = AppError.from(err)
    } finally {
      if (this.listRequests.isCurrent(ticket)) this.loading = false
    }
  }

  /** A new status filter applies at once, from the first page (as on Touch Passes). */
  filter(status: VisitorStatus | ''): Promise<void> {
    this.status = status
    return this.load(1)
  }

  async checkCapabilities(): Promise<void> {
    try {
      const caps = await getApi().visitors.capabilities()
      this.editBlocked = caps.canEdit ? null : (caps.missingPermission ?? 'edit:visitor')
    } catch {
      // Unknown: a refused change will say why.
    }
  }

  /** A new visit, or changes to this one: the console's answer is what is shown afterwards. */
  save(input: Parameters<Api['visitors']['create']>[0], id?: string): Promise<Visitor> {
    return id ? getApi().visitors.update({ id, visitor: input }) : getApi().visitors.create(input)
  }

  /** Cancels the visit (§4.6 without force): only the status changes. */
  async cancel(id: string): Promise<void> {
    await getApi().visitors.cancel({ id })
  }

  async open(id: string): Promise<void> {
    const ticket = this.openRequests.next()
    const visitor = await getApi().visitors.get({ id })
    if (this.openRequests.isCurrent(ticket)) this.selected = visitor
  }

  /** Another console: nothing of the previous one may stay on screen or be acted on. */
  reset(): void {
    this.listRequests.cancelAll()
    this.openRequests.cancelAll()
    this.items = []
    this.total = 0
    this.page = 1
    this.loaded = false
    this.loading = false
    this.error = null
    this.selected = null
    this.editing = null
    this.editBlocked = null
  }

  /** A permission refusal turns the edit actions off with the missing key. */
  noteError(err: unknown): AppError {
    const e = AppError.from(err)
    const key = missingPermission(e)
    if (key === 'edit:visitor') this.editBlocked = key
    return e
  }

  saved(visitor: Visitor): void {
    this.selected = visitor
    this.editing = null
    const known = this.items.some((v) => v.id === visitor.id)
    this.items = known ? this.items.map((v) => (v.id === visitor.id ? visitor : v)) : [visitor, ...this.items]
    if (!known) this.total += 1
  }
}

export const visitors = new VisitorsStore()
