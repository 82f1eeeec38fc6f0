import type { Visitor, VisitorStatus } from '../../../shared/access/visitors'
import { AppError } from '../../../shared/errors'
import type { EditOutcome } from '../../../shared/edits/edit'
import type { Seen } from '../../../shared/seen/seen'
import type { VisitorEdit, VisitorFields } from '../../../shared/visitors/edit'
import { getApi, type Api } from '../lib/api'
import { inDeskZone } from '../lib/desk-zone'
import { formDrafts } from '../lib/form-drafts.svelte'
import { RecordList } from './record-list.svelte'
import { missingPermission } from '../lib/missing-permission'
import { actionKeys } from '../../../shared/access/permissions'
import { onConsoleSwitch } from './console-scope'
import { keyLacking, recheckKeysWhenBack } from './screen-keys.svelte'

/** The visitor list (keyword or status, paged) and the visitor being looked at or edited. */
export class VisitorsStore extends RecordList<Visitor> {
  keyword = $state('')
  status = $state<VisitorStatus | ''>('')
  /** 'new', 'edit' or null: the form shown. */
  editing = $state<'new' | 'edit' | null>(null)

  /** Cancel: the form closes and its typing is dropped. */
  closeForm(): void {
    this.editing = null
    // The open form's typing (lib/form-drafts): dropped only by Cancel or Save.
    formDrafts.drop('visitors.form')
  }

  protected async fetchPage(page: number): Promise<() => void> {
    const keyword = this.keyword.trim()
    // Each visitor's arrival today is of the desk's day (inDeskZone), as on Today.
    const result = await getApi().visitors.list(
      inDeskZone({
        page,
        pageSize: this.pageSize,
        ...(keyword ? { keyword } : {}),
        // The console ignores the status when a keyword is given (§4.4).
        ...(this.status && !keyword ? { status: this.status } : {})
      })
    )
    return () => this.show(result.items, result.total, page)
  }

  protected fetchOne(id: string): Promise<Visitor> {
    return getApi().visitors.get(inDeskZone({ id }))
  }

  protected override clearFilters(): boolean {
    if (!this.keyword.trim() && !this.status) return false
    this.keyword = ''
    this.status = ''
    return true
  }

  /** A new status filter applies at once, from the first page (as on Touch Passes). */
  filter(status: VisitorStatus | ''): Promise<void> {
    this.status = status
    return this.load(1)
  }

  /**
   * The edit key the token lacks now (null: it may edit), by the one list the banner names
   * (stores/screen-keys `keyLacking`): this store's own probe or the connection state's, and nothing while
   * the console is down. Every edit button and its note read this, never `editBlocked` (the probe) alone.
   */
  get editOff(): string | null {
    return keyLacking('visitors', actionKeys.visitors.edit, this.editBlocked ? [this.editBlocked] : [])
  }

  async checkCapabilities(): Promise<void> {
    try {
      const caps = await getApi().visitors.capabilities()
      this.editBlocked = caps.canEdit ? null : (caps.missingPermission ?? actionKeys.visitors.edit)
    } catch {
      // Unknown: a refused change will say why.
    }
  }

  /**
   * A new visit: the console's answer is what is shown afterwards — or, when that answer was lost,
   * the visitor main found by reading the console back (`readBack`).
   */
  create(input: Parameters<Api['visitors']['create']>[0]): Promise<Visitor & { readBack?: true }> {
    return getApi().visitors.create(input)
  }

  /** Changes to a visit: only the fields changed, or the conflicts main found (nothing written then). */
  async update(id: string, edit: VisitorEdit): Promise<EditOutcome<Visitor, VisitorFields>> {
    // Main checks each changed field against the form's rules (visitorEditSchema) before anything is sent.
    const input = { id, edit } as Parameters<Api['visitors']['update']>[0]
    try {
      return (await getApi().visitors.update(input)) as EditOutcome<Visitor, VisitorFields>
    } catch (err) {
      // Deleted on the console while the form was open (VISITOR_GONE): its row goes (RecordList.noteGone).
      this.noteGone(id, err)
      throw err
    }
  }

  /**
   * Cancels the visit (§4.6 without force): only the status changes. `seen`: the visit's status and
   * window as the question said them (shared/seen): one changed meanwhile is answered CHANGED_SINCE_SHOWN.
   * `readBack`: its answer was lost and main read the visit back cancelled.
   */
  async cancel(id: string, seen?: Seen): Promise<{ readBack?: true | undefined }> {
    return getApi().visitors.cancel({ id, ...(seen ? { seen } : {}) })
  }

  /**
   * Ends the visit now (its end time set to now, E18 with that field only): the visitor's PIN, cards and QR
   * code stop opening doors; the record stays. `seen`: the visit's status and window as the question said
   * them (shared/seen). `readBack`: its answer was lost and main read the visit back ended.
   */
  async endVisit(id: string, seen?: Seen): Promise<{ readBack?: true | undefined }> {
    try {
      const { readBack } = await getApi().visitors.endVisit({ id, ...(seen ? { seen } : {}) })
      return readBack ? { readBack } : {}
    } catch (err) {
      this.noteGone(id, err)
      throw err
    }
  }

  /**
   * Deletes the visitor (§4.6 with force): the record and its credentials go from the console. `seen`: the
   * visitor's status and window as the question said them (shared/seen): one changed meanwhile is answered
   * CHANGED_SINCE_SHOWN, nothing sent. Done, its row and details go; one already gone says so (noteGone).
   */
  async delete(id: string, seen?: Seen): Promise<void> {
    try {
      await getApi().visitors.delete({ id, ...(seen ? { seen } : {}) })
    } catch (err) {
      this.noteGone(id, err)
      throw err
    }
    this.dropRow(id)
    if (this.selected?.id === id) this.selected = null
  }

  override reset(): void {
    super.reset()
    // The form closes with its console's data; its typing stays with that console (lib/form-drafts) and
    // the form opens again, as typed, when the console is active again (`resumeDraft`).
    this.editing = null
  }

  /**
   * The form kept for the active console (lib/form-drafts) opened again, on the visitor it was opened on:
   * after a console switch and back, the screen shows the form as it was left, never an empty screen.
   */
  resumeDraft(): void {
    if (this.editing) return
    const draft = formDrafts.peek('visitors.form')
    if (!draft) return
    if (draft.key === 'new') {
      this.selected = null
      this.editing = 'new'
    } else if (draft.record) {
      this.selected = draft.record as Visitor
      this.editing = 'edit'
    }
  }

  /** A permission refusal turns the edit actions off with the missing key. */
  noteError(err: unknown): AppError {
    const e = AppError.from(err)
    const key = missingPermission(e)
    if (key === actionKeys.visitors.edit) this.editBlocked = key
    return e
  }

  /**
   * The visitor read again (opened, or after a credential change): its row follows what the console
   * says now. A cancel made at another desk showed on the details while the row still said Expected.
   */
  override async open(id: string): Promise<void> {
    await super.open(id)
    if (this.selected?.id === id) this.follow(this.selected)
  }

  /**
   * Follow the kiosk's check-ins while the screen is open (the event Today follows): a visitor who
   * checks in is read again, so her row and details say Here without a re-read by hand. Returns the
   * unsubscribe.
   */
  followKiosk(): () => void {
    return getApi().on('kiosk.checkedIn', (entry) => void this.reread(entry.visitorId))
  }

  /** After a restart of main (RecordList.reestablish): read again as a kiosk check-in is, an open form kept. */
  protected override readOpenAgain(id: string): Promise<void> {
    return this.reread(id)
  }

  private async reread(id: string): Promise<void> {
    if (!this.items.some((v) => v.id === id) && this.selected?.id !== id) return
    let visitor: Visitor
    try {
      visitor = await this.fetchOne(id)
    } catch (err) {
      // Gone from the console: its row leaves the list (RecordList.noteGone); any other failure is said
      // by the next read of the list.
      this.noteGone(id, err)
      return
    }
    this.follow(visitor)
    // An open edit form keeps the record it opened with: its save compares against that.
    if (this.selected?.id === id && this.editing !== 'edit') {
      this.selected = visitor
      if (this.gone === id) this.gone = null
    }
  }

  saved(visitor: Visitor): void {
    this.selected = visitor
    this.editing = null
    // The open form's typing (lib/form-drafts): dropped only by Cancel or Save.
    formDrafts.drop('visitors.form')
    if (!this.follow(visitor)) {
      this.items = [visitor, ...this.items]
      this.total += 1
    }
  }

  /** The row of this visitor shows the record as read (false: it is not on the page shown). */
  private follow(visitor: Visitor): boolean {
    if (!this.items.some((v) => v.id === visitor.id)) return false
    this.items = this.items.map((v) => (v.id === visitor.id ? visitor : v))
    return true
  }
}

export const visitors = new VisitorsStore()
onConsoleSwitch('visitors', () => visitors.reset())
// Connected again: the edit key found missing is asked for afresh (it may have been given back).
recheckKeysWhenBack(
  () => visitors.editBlocked,
  () => visitors.checkCapabilities()
)
