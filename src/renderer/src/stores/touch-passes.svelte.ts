import {
  freeToGive,
  touchPassSchema,
  type TouchPass,
  type TouchPassFilterStatus
} from '../../../shared/access/touch-passes'
import { AppError } from '../../../shared/errors'
import type { EditOutcome } from '../../../shared/edits/edit'
import type { TouchPassNameEdit, TouchPassNameFields } from '../../../shared/edits/touch-pass-name'
import { getApi, type Api } from '../lib/api'
import { RecordList } from './record-list.svelte'
import { actionKeys } from '../../../shared/access/permissions'
import { onConsoleSwitch } from './console-scope'
import { missingPermission } from '../lib/missing-permission'
import { recheckKeysWhenBack } from './screen-keys.svelte'
import type { Seen } from '../../../shared/seen/seen'
import { passNameDrafts } from './pass-name-drafts'

/** A pass given, taken back, renamed or (de)activated; `readBack`: the console's answer was lost and main read the pass again. */
export type PassGiven = TouchPass & { readBack?: true }
/** A pass taken back, with what became of its name when the take back cleared it (main's clearNameAfter). */
export type PassTakenBack = Awaited<ReturnType<Api['touchPasses']['unassign']>>
/** The pass alone, as the list and the details hold it (what main said of the write left out). */
const withoutReadBack = (answer: PassGiven | PassTakenBack): TouchPass => {
  const { readBack: _readBack, ...pass } = answer as PassTakenBack
  const { name: _name, nameNow: _nameNow, nameError: _nameError, ...held } = pass
  return held
}

/** What the list shows: every status, one status (E9), the assignable list (E11) or the expired. */
export type TouchPassView = TouchPassFilterStatus | '' | 'ASSIGNABLE' | 'EXPIRED'

/** The Touch Pass list (paged, filtered or searched) and the pass shown in detail. */
export class TouchPassesStore extends RecordList<TouchPass> {
  /**
   * '' = every status; ASSIGNABLE = the console's assignable list (E11: SUSPENDED or INACTIVE,
   * free); EXPIRED = every page read and the expired kept (E9 cannot filter by EXPIRED).
   */
  status = $state<TouchPassView>('')
  /** With EXPIRED: how many passes were read to find them. */
  scanned = $state(0)
  /**
   * The query of the list on screen: non-empty while it shows search results (no paging) instead
   * of a page. It changes with the list it describes, when the answer is shown, not when asked: a
   * query cleared while 2,000 results were on screen drew every one of them, uncapped, until the
   * first page replaced them (a 70–430 ms frame while typing).
   */
  searched = $state('')
  /**
   * The search box's text, held here with the list it asks for, so whatever clears the search (a pass
   * opened from elsewhere: `clearFilters`; a purchase) clears the box too and the two never disagree.
   */
  query = $state('')
  /** The query asked last; `searched` once its answer is shown. */
  private asked = ''
  /**
   * The list on screen was read whole (ASSIGNABLE, EXPIRED: every pass at once, no console paging):
   * the screen draws it a page at a time and `turn` moves between those pages here. Set with the
   * answer, like `searched`: 832 assignable passes drawn at once took a 300 ms frame.
   */
  whole = $state(false)
  // editBlocked (from RecordList): rename, activate, suspend, unbundle, buy (edit:credential).
  /** The same for giving a pass to a user and taking it back (edit:user). */
  assignBlocked = $state<string | null>(null)

  protected async fetchPage(page: number): Promise<() => void> {
    const { status, asked: searched } = this
    if (searched || status === 'ASSIGNABLE' || status === 'EXPIRED') {
      const answer: { items: TouchPass[]; scanned?: number } = searched
        ? await getApi().touchPasses.search({ condition: searched })
        : status === 'EXPIRED'
          ? await getApi().touchPasses.expired()
          : await getApi().touchPasses.assignable()
      return () => {
        this.searched = searched
        this.whole = !searched
        this.show(answer.items, answer.items.length, 1)
        this.scanned = answer.scanned ?? 0
      }
    }
    const result = await getApi().touchPasses.list({ page, pageSize: this.pageSize, ...(status ? { status } : {}) })
    return () => {
      this.searched = ''
      this.whole = false
      this.show(result.items, result.total, page)
    }
  }

  /**
   * The list read (the screen shown again, a filter, a search, a page): then each pass with a name typed
   * and not saved is asked for, so one gone from the console meanwhile is said so under "Not saved yet"
   * (checkDrafts), as Cards does on its Refresh.
   */
  override async load(page = this.page): Promise<void> {
    await super.load(page)
    // Not awaited: the page is on screen without waiting for these reads.
    if (this.loaded && !this.error) void this.checkDrafts()
  }

  /**
   * A pass answered gone (opened from the list or from "Not saved yet", read again): its row leaves the
   * list (RecordList), and a name typed for it is shown as typing on a pass no longer there
   * (lib/record-drafts), with Copy and Discard, never a link that opens nothing.
   */
  override noteGone(id: string, err: unknown): boolean {
    passNameDrafts.noteGone(id, err)
    return super.noteGone(id, err)
  }

  /**
   * Each pass with a name kept unsaved, asked for: one another writer removed is answered not found and
   * its typing marked gone. Few (what one desk left unsaved); a failure that says nothing of the pass
   * leaves its draft as it was.
   */
  private async checkDrafts(): Promise<void> {
    await passNameDrafts.checkGone((id) => getApi().touchPasses.get({ id }))
  }

  protected fetchOne(id: string): Promise<TouchPass> {
    return getApi().touchPasses.get({ id })
  }

  async checkCapabilities(): Promise<void> {
    try {
      const caps = await getApi().touchPasses.capabilities()
      this.editBlocked = caps.canEdit ? null : (caps.missingPermission ?? actionKeys.touchPasses.edit)
      this.assignBlocked =
        caps.canAssign === false ? (caps.assignMissingPermission ?? actionKeys.touchPasses.assign) : null
    } catch {
      // Unknown: leave the actions on; a change refused for a missing key will say so and turn them off.
    }
  }

  /** Page `page` of the list on screen: the console's, or this screen's own for a list read whole. */
  turn(page: number): void {
    if (!this.whole) {
      void this.load(page)
      return
    }
    const last = Math.max(1, Math.ceil(this.total / this.pageSize))
    this.page = Math.min(Math.max(1, page), last)
  }

  search(condition: string): Promise<void> {
    this.asked = condition.trim()
    return this.load(1)
  }

  filter(status: TouchPassView): Promise<void> {
    this.status = status
    this.asked = ''
    return this.load(1)
  }

  /** Open a pass from elsewhere under a searched list (RecordList.openToShow): the search goes, box and list. */
  protected override clearFilters(): boolean {
    if (!this.asked && !this.searched && !this.query && !this.status) return false
    this.query = ''
    this.asked = ''
    this.status = ''
    return true
  }

  /** The whole list from its first page, the search box emptied with it (the new passes after a purchase). */
  showAll(): Promise<void> {
    this.query = ''
    return this.filter('')
  }

  override reset(): void {
    super.reset()
    this.query = ''
    this.asked = ''
    this.searched = ''
    this.whole = false
    this.assignBlocked = null
  }

  /** Put a changed pass back in the list and the detail view. */
  replace(pass: TouchPass): void {
    this.items = this.items.map((p) => (p.id === pass.id ? pass : p))
    if (this.selected?.id === pass.id) this.selected = pass
  }

  /**
   * A new name (only when changed), or the conflict main found: then nothing was written. A lost
   * answer main read back (`record.readBack`, or not done with `details.pass`) shows as held, like a gift.
   */
  async rename(id: string, edit: TouchPassNameEdit): Promise<EditOutcome<PassGiven, TouchPassNameFields>> {
    let answer: EditOutcome<PassGiven, TouchPassNameFields>
    try {
      answer = (await getApi().touchPasses.rename({ id, edit })) as EditOutcome<PassGiven, TouchPassNameFields>
    } catch (err) {
      const e = this.refused(err)
      // The pass is gone from the console: the name typed for it is said so (lib/record-drafts).
      passNameDrafts.noteGone(id, e)
      await this.showAsHeld(id, e)
      throw e
    }
    // A conflict wrote nothing: the pass shown stays as it was.
    if (answer.outcome === 'saved') this.replace(withoutReadBack(answer.record))
    return answer
  }

  /** Activate or suspend; a lost answer main read back shows as held, like a gift. */
  setStatus(id: string, status: 'ACTIVE' | 'SUSPENDED'): Promise<PassGiven> {
    return this.give(id, () => getApi().touchPasses.setStatus({ id, status }))
  }

  unbundle(id: string, bundleId: string): Promise<TouchPass> {
    return this.change(() => getApi().touchPasses.unbundle({ id, bundleId }))
  }

  /** `seen`: who the details showed holding the pass (shared/seen); main answers CHANGED_SINCE_SHOWN when that changed. */
  assign(id: string, userId: string, seen?: Seen): Promise<PassGiven> {
    return this.give(id, () => getApi().touchPasses.assign({ id, userId, ...(seen ? { seen } : {}) }))
  }

  /** `clearName`: the name the question showed, cleared after the take back (the answer says what became of it). */
  unassign(id: string, userId: string, seen?: Seen, clearName?: string): Promise<PassTakenBack> {
    return this.give(id, () =>
      getApi().touchPasses.unassign({ id, userId, ...(seen ? { seen } : {}), ...(clearName ? { clearName } : {}) })
    )
  }

  /**
   * Giving, taking back, suspending or activating, whatever the outcome, leaves the list row and the details showing what
   * the console holds: the pass answered (or read back by main after a lost answer), the pass main
   * read back when it was not done (`details.pass`), or — the outcome unknown, or refused by a
   * console rule (the screen was out of date) — the pass read again here, when it can be.
   */
  private async give<P extends PassGiven>(id: string, run: () => Promise<P>): Promise<P> {
    let answer: P
    try {
      answer = await run()
    } catch (err) {
      const e = this.refused(err)
      await this.showAsHeld(id, e)
      throw e
    }
    this.replace(withoutReadBack(answer))
    return answer
  }

  private async showAsHeld(id: string, e: AppError): Promise<void> {
    const readBack = touchPassSchema.safeParse(e.details?.['pass'])
    if (readBack.success) return this.replace(readBack.data)
    if (!e.details?.['answerLost'] && e.kind !== 'conflict' && e.kind !== 'validation') return
    try {
      this.replace(await getApi().touchPasses.get({ id }))
    } catch {
      // Not readable either: the error already says to look at the pass again.
    }
  }

  /** Passes already bought that nobody holds (E11), or null when the console did not answer. */
  async unassignedCount(): Promise<number | null> {
    try {
      return (await getApi().touchPasses.assignable()).items.filter(freeToGive).length
    } catch {
      return null
    }
  }

  /** §3.27: one free pass for each user, chosen by the console. Never retried; a lost answer is read back by main. */
  /** The users read again (a pass a lost answer gave shows on them); one that cannot be read stays as it was. */
  usersAgain<U extends { id: string }>(users: U[]): Promise<U[]> {
    const api = getApi()
    return Promise.all(
      users.map((u) =>
        api.users.get({ id: u.id }).then(
          (fresh) => fresh as unknown as U,
          () => u
        )
      )
    )
  }

  assignToUsers(userIds: string[]): ReturnType<Api['touchPasses']['assignToUsers']> {
    return getApi().touchPasses.assignToUsers({ users: userIds.map((id) => ({ id })) })
  }

  /** Spends money: sent once per idempotency key, never retried. */
  purchase(count: number, idempotencyKey: string): ReturnType<Api['touchPasses']['purchase']> {
    return getApi().touchPasses.purchase({ count, idempotencyKey })
  }

  /**
   * Run a change. Only a permission error naming its key turns off the actions that need that key;
   * any other refusal is the caller's to show for the one action that was refused.
   */
  async change(run: () => Promise<TouchPass>): Promise<TouchPass> {
    try {
      const pass = await run()
      this.replace(pass)
      return pass
    } catch (err) {
      throw this.refused(err)
    }
  }

  /** A refusal for a missing permission turns off the actions that need it. */
  private refused(err: unknown): AppError {
    const e = AppError.from(err)
    const key = missingPermission(e)
    if (key === actionKeys.touchPasses.edit) this.editBlocked = key
    if (key === actionKeys.touchPasses.assign) this.assignBlocked = key
    return e
  }
}

export const touchPasses = new TouchPassesStore()
// The console Connected again (the scopes may have been given back meanwhile): what the token may do
// is asked again, so actions turned off for a key are not left off from an earlier answer.
recheckKeysWhenBack(
  () => [touchPasses.editBlocked, touchPasses.assignBlocked],
  () => touchPasses.checkCapabilities()
)
onConsoleSwitch('touch-passes', () => touchPasses.reset())
