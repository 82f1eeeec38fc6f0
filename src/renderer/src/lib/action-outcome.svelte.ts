import { tick } from 'svelte'
import { sayNow, type Said } from './said'
import { deskLanguage } from './i18n/desk-language.svelte'

/**
 * After every action: one announcement, and focus in a sensible place — never the page body.
 *
 * Two parts, both installed once for a whole app (the desk and the kiosk):
 * - `announce(text)` puts what happened ("Visitor saved", "Alias saved") into the one polite live region
 *   (`components/common/ActionAnnouncer.svelte`). Screens call it when an action finishes; saying the same
 *   words twice in a row is announced twice (the region is emptied first).
 * - `keepFocus(root)` watches for the focus being lost because the page changed under it: the focused
 *   button was removed (a row deleted, a dialog closed whose opener is gone), disabled (an "Add" button
 *   disabled by the emptied field) or hidden. Browsers then put the focus on `<body>`, where a keyboard or
 *   screen-reader user is lost. It moves the focus to the nearest surviving place of what had it: the open
 *   dialog, else the nearest section, form or landmark that held the element (its heading when it has one),
 *   else the screen's first heading. A checkbox, radio, select or switch re-created by the state it changes
 *   (a box ticked that is drawn again elsewhere) hands it to its twin first: the control drawn for the
 *   same choice, by the same `name` attribute or, without one, the same label (`twinOf`). A person who
 *   clicks empty space keeps what they chose (the element that had the focus is still there and usable,
 *   so nothing is moved).
 *
 * `actionDone(text, target)` is the two together, for an action that knows where the focus should go next.
 *
 * Wherever an action puts the focus, the person sees it: every focus given here is brought into view,
 * the screen's scroll box moved the least way (`bringIntoView`), together with the row (or the block
 * marked `data-with-result`) it is in, so its result line and buttons are seen too; and it is kept in
 * view while the page settles after the action (`followIntoView`). A row ended low on
 * Today moves under Left, below the window's edge, and takes the focus there: the screen follows it.
 *
 * One rule for every focus move an action makes (`actionDone`, `revealForm`, `revealResult`): the focus is
 * moved only while the person has not moved it since they acted. An action that takes a while (Refresh,
 * a save, a read of the console) finishes after the person may have gone on to type in the filter or
 * another field; taking the focus from there would send their next keys to a button. `keepFocus` notes
 * each act (a click, Enter, or Space on a control) and each focus the person gives an element since.
 */

class Announcer {
  /** What the live region says: words worked out when read follow a language switch (lib/said). */
  #said = $state.raw<Said>('')
  /** The desk's language when `#said` was said. */
  #saidIn = ''
  /**
   * The words in the live region now, in the desk's language. A finished sentence said in another language
   * than the desk's now (the desk was switched since) is no longer held: a reader reaching the region hears
   * nothing rather than the old language; the screen's own line says the outcome in the new one.
   */
  get message(): string {
    if (typeof this.#said === 'string' && this.#saidIn !== deskLanguage.locale) return ''
    return sayNow(this.#said)
  }
  set message(said: Said) {
    this.#saidIn = deskLanguage.locale
    this.#said = said
  }
  #timer: ReturnType<typeof setTimeout> | undefined

  #pending = false

  say(text: Said): void {
    // Empty first, then the words on the next task: a region whose text does not change is not read again.
    this.message = ''
    clearTimeout(this.#timer)
    this.#pending = true
    this.#timer = setTimeout(() => {
      this.message = text
      this.#pending = false
    }, 30)
  }

  /**
   * Another screen is shown: what the last screen's action said is not about this one, so the region
   * no longer holds it (a reader reaching it would hear another screen's outcome). An announcement on
   * its way (the action that switched screens said it) still comes.
   */
  screenChanged(): void {
    this.subjectChanged()
  }

  /**
   * What the region holds is no longer about what is shown (another screen, another record opened):
   * emptied, so a reader reaching it does not hear the last one's outcome as this one's. An
   * announcement on its way still comes.
   */
  subjectChanged(): void {
    if (!this.#pending) this.message = ''
  }
}

export const announcer = new Announcer()

export function announce(text: Said): void {
  announcer.say(text)
}

/** Containers whose heading (or themselves) is a sensible place for the focus after their content changed. */
const HOME = 'dialog, [role="dialog"], form, section, fieldset, [role="region"], [data-focus-home], main, nav'
const FOCUSABLE =
  'input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])'

/**
 * Whether the person gave the focus to something since their last act (see the rule above). Focus moves
 * made here are not theirs: `focusQuietly` marks them while it runs.
 */
let personMovedFocus = false
let movingFocus = false

/**
 * Give the focus back where an action's own step left it (a dialog closed returns it to its opener):
 * a move made by the app, not by the person, so the action's result may still take it afterwards.
 */
export function giveFocus(el: HTMLElement | null | undefined): boolean {
  // A disabled button (busy while its action runs) cannot take it: left as it is, not made a non-Tab stop.
  if (!el || (el as HTMLButtonElement).disabled) return false
  return focusQuietly(el)
}

/**
 * Give an element that is not focusable by nature a programmatic focus (not a Tab stop), then focus it and
 * bring it into view. Every focus an action gives comes through here (`giveFocus`, `focusResult`,
 * `focusFailure`, `actionDone`, `revealForm`, `revealResult`, `keepFocus`'s fallback), so a result focused
 * below the window's edge (a row ended low on Today moves under Left) is never focused where nobody sees it.
 */
function focusQuietly(el: HTMLElement): boolean {
  if (!el.isConnected) return false
  if (!el.matches(FOCUSABLE) && !el.hasAttribute('tabindex')) el.setAttribute('tabindex', '-1')
  movingFocus = true
  try {
    // The browser's own scroll on focus centres the element and may scroll the window; the screen's
    // scroll box is moved only as far as needed below instead.
    el.focus({ preventScroll: true })
  } finally {
    movingFocus = false
  }
  const focused = el.ownerDocument.activeElement === el
  if (focused) {
    bringIntoView(el)
    followIntoView(el)
  }
  return focused
}

/** How long a result focused by an action is kept in view while the page settles around it. */
const SETTLE_MS = 2000
/** What a person does that ends the following: they scroll, press or type (the focus moved away ends it too). */
const PERSON_ACTS = ['wheel', 'keydown', 'pointerdown', 'touchstart'] as const
let stopFollowing: (() => void) | null = null

/**
 * An action's result is focused as soon as it is drawn, but the page often changes on after it: the
 * record is read again after the console's answer, and buttons and notes above the result come or go
 * with the counts read (Import's Retry and "not sent again" line above an upload's summary). A result
 * brought into view at the window's bottom edge was then pushed below it. So for a moment after the
 * focus, each box around the element is watched, and every change of their size brings it into view
 * again (nothing moves when it is seen) — until the focus leaves it, the person scrolls, presses or
 * types, or the moment is over. One element is followed at a time. Browsers without ResizeObserver
 * (the tests' DOM) keep the one bringing into view above.
 */
function followIntoView(el: HTMLElement): void {
  stopFollowing?.()
  const doc = el.ownerDocument
  const win = doc.defaultView
  if (!win || typeof win.ResizeObserver !== 'function') return
  const stop = () => {
    observer.disconnect()
    win.clearTimeout(timer)
    for (const name of PERSON_ACTS) doc.removeEventListener(name, stop, true)
    if (stopFollowing === stop) stopFollowing = null
  }
  const observer = new win.ResizeObserver(() => {
    if (doc.activeElement !== el || !el.isConnected) stop()
    else bringIntoView(el)
  })
  for (let box: HTMLElement | null = el; box && box !== doc.body; box = box.parentElement) observer.observe(box)
  const timer = win.setTimeout(stop, SETTLE_MS)
  for (const name of PERSON_ACTS) doc.addEventListener(name, stop, { capture: true, passive: true })
  stopFollowing = stop
}

/**
 * Scroll the boxes the element scrolls in (the screen's content, a dialog, a table's box) just far enough
 * to show it (`block: 'nearest'`): nothing moves when it is already seen. The window itself never scrolls
 * (lib/screen-scroll.ts): the shell fills it, so the boxes inside it are what move. jsdom lays nothing out
 * and has no `scrollIntoView`; the tests that stub it see the call.
 */
function bringIntoView(el: HTMLElement): void {
  if (typeof el.scrollIntoView !== 'function') return
  // The focused element with what it belongs to: a row's name link focused at the window's bottom edge
  // left its result line and buttons under the fold (a visit ended low on Today). The whole row (or a
  // block marked `data-with-result`) first, then the element itself, in case the row is taller than the box.
  const whole = el.closest<HTMLElement>(WITH_RESULT)
  if (whole && whole !== el) whole.scrollIntoView({ block: 'nearest', inline: 'nearest' })
  el.scrollIntoView({ block: 'nearest', inline: 'nearest' })
}

/** What a focused element is seen with: the row it is in, or a block that holds it with its result line. */
const WITH_RESULT = 'tr, [role="row"], [data-with-result]'

/**
 * A file given to the app (picked in the browser's chooser, or dropped) is an act, as a press is: the
 * chooser took the window after the click that opened it (its return gives the focus back as the
 * person's), and a drop is no click or key at all. What the file's reading finishes may move the focus
 * (FileDrop, for every screen that opens a file), though the focus was left in a field before.
 */
export function fileGiven(): void {
  personMovedFocus = false
}

/** Text a person types into: Space there is a letter, not an act. */
const TYPED =
  'input:not([type="button"]):not([type="submit"]):not([type="checkbox"]):not([type="radio"]), textarea, [contenteditable=""], [contenteditable="true"]'

/** An action's focus move is allowed: the person has not put the focus elsewhere since acting, or it is lost. */
function mayMoveFocus(doc: Document): boolean {
  const active = doc.activeElement as HTMLElement | null
  if (!active || active === doc.body || active === doc.documentElement || !usable(active)) return true
  return !personMovedFocus
}

function usable(el: Element | null): el is HTMLElement {
  if (!el || !el.isConnected) return false
  if ((el as HTMLButtonElement).disabled) return false
  if (el.closest('[hidden], [inert]')) return false
  // jsdom has no layout: only a real browser can say an element takes no room (display: none).
  const rects = (el as HTMLElement).getClientRects?.()
  return !(rects && rects.length === 0 && typeof navigator !== 'undefined' && !/jsdom/i.test(navigator.userAgent))
}

/**
 * Where the focus goes inside a surviving container: its own heading; in a form without one, its first
 * usable field (the next step: an "Add" disabled by the emptied field hands it to that field); else the
 * container itself. Its own: a heading of a group inside it names only that group (a form's fieldset
 * legend "Directions shown after check-in" is no place for the focus of the form's busy Save button).
 */
function homeOf(container: HTMLElement): HTMLElement {
  const heading = [...container.querySelectorAll<HTMLElement>(':scope h1, :scope h2, :scope h3, :scope legend')].find(
    (el) => ownHeading(el, container)
  )
  if (heading && usable(heading)) return heading
  if (container.matches('form, fieldset')) {
    const field = [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].find(usable)
    if (field) return field
  }
  return container
}

/** Whether `heading` names `container` itself, not a group (section, fieldset, form…) nested in it. */
function ownHeading(heading: HTMLElement, container: HTMLElement): boolean {
  if (heading.matches('legend')) return heading.parentElement === container
  return heading.parentElement?.closest(HOME) === container
}

/** A choice: a checkbox, radio, select or switch, the controls a person changes in place. */
const CHOICE = 'input[type="checkbox"], input[type="radio"], select, [role="switch"]'

/**
 * The control drawn in place of a lost choice for the same choice: the same kind of control with the same
 * `name` attribute (the HTML way to say two controls are one choice), or, without one, the same label. A
 * checkbox, radio, select or switch re-created by the state it changes (Badges' "Make the badge anyway"
 * is drawn again beside the badge once ticked) keeps the focus on the choice, not its section's heading.
 * A radio's group shares one name: the checked one of the group is its place.
 */
function twinOf(lost: HTMLElement, scope: ParentNode): HTMLElement | null {
  if (!lost.matches(CHOICE)) return null
  const kind = choiceKind(lost)
  const name = lost.getAttribute('name')
  const label = name ? '' : labelOf(lost)
  if (!name && !label) return null
  const twins = [...scope.querySelectorAll<HTMLElement>(CHOICE)].filter(
    (el) =>
      el !== lost &&
      choiceKind(el) === kind &&
      (name ? el.getAttribute('name') === name : labelOf(el) === label) &&
      usable(el)
  )
  return twins.find((el) => (el as HTMLInputElement).checked) ?? twins[0] ?? null
}

function choiceKind(el: HTMLElement): string {
  return el.tagName === 'SELECT' ? 'select' : (el.getAttribute('role') ?? (el as HTMLInputElement).type)
}

/** The words a control is named by: its aria-label, else its labels' text. */
function labelOf(el: HTMLElement): string {
  const words =
    el.getAttribute('aria-label') ?? [...((el as HTMLInputElement).labels ?? [])].map((l) => l.textContent).join(' ')
  return words.replace(/\s+/g, ' ').trim()
}

/** The focus for the page as it is now: the open dialog's first field, else the screen's first heading. */
export function focusFallback(doc: Document = document): HTMLElement | null {
  const dialog = doc.querySelector<HTMLElement>('[role="dialog"][aria-modal="true"], dialog[open]')
  if (dialog) return dialog.querySelector<HTMLElement>(FOCUSABLE) ?? dialog
  // The desk's screens are in <main>; the kiosk marks its own root.
  const main = doc.querySelector<HTMLElement>('main, [data-focus-home]')
  if (!main) return null
  return main.querySelector<HTMLElement>('h1, h2') ?? main
}

/**
 * Keep the focus off the body while `root` is mounted. Returns the function that stops watching.
 * The ancestors of the focused element are remembered as it gets the focus, so the nearest one that
 * survives a change can take it.
 */
export function keepFocus(doc: Document = document): () => void {
  let held: HTMLElement | null = null
  let path: HTMLElement[] = []
  let pending = false

  // An act (a click, Enter, Space on a control) starts an action: what it finishes may move the focus.
  // A click into a field, or a letter typed, is not an act: the person is on their way somewhere.
  const onAct = (event: Event) => {
    const target = event.target as Element | null
    const typed = Boolean(target?.matches?.(TYPED) || target?.matches?.('select'))
    if (event instanceof KeyboardEvent) {
      if (!(event.key === 'Enter' || (event.key === ' ' && !typed))) return
    } else if (typed) return
    personMovedFocus = false
  }

  const onFocusIn = (event: FocusEvent) => {
    const target = event.target as HTMLElement | null
    if (!movingFocus) personMovedFocus = true
    if (!target || target === doc.body) return
    held = target
    path = []
    for (let el = target.parentElement; el && el !== doc.body; el = el.parentElement) {
      if (el.matches(HOME)) path.push(el)
    }
  }

  const check = () => {
    pending = false
    const active = doc.activeElement as HTMLElement | null
    // A focused button that was disabled may keep the focus (browsers differ): it is lost all the same.
    const lost = !active || active === doc.body || active === doc.documentElement || !usable(active)
    if (!lost) return
    if (active && active !== doc.body && active !== doc.documentElement) held = active
    // Still there and usable: the person moved the focus away themselves (a click on empty space).
    if (!held || usable(held)) return
    const dialog = doc.querySelector<HTMLElement>('[role="dialog"][aria-modal="true"], dialog[open]')
    // A choice re-drawn by its own change (a box ticked that is drawn again elsewhere): its twin takes it.
    const twin = twinOf(held, dialog ?? doc)
    if (twin && focusQuietly(twin)) return
    const candidates = dialog ? path.filter((el) => dialog.contains(el)) : path
    for (const container of candidates) {
      if (usable(container) && focusQuietly(homeOf(container))) return
    }
    const fallback = focusFallback(doc)
    if (fallback) focusQuietly(fallback)
  }
  const schedule = () => {
    if (pending) return
    pending = true
    // After the change that removed or disabled the element has been drawn by the framework.
    setTimeout(check, 0)
  }

  const observer = new MutationObserver(schedule)
  observer.observe(doc.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['disabled', 'hidden', 'inert', 'class', 'style']
  })
  doc.addEventListener('focusin', onFocusIn)
  doc.addEventListener('focusout', schedule)
  // Capture: heard before the screen's own handler starts the action.
  doc.addEventListener('click', onAct, true)
  doc.addEventListener('keydown', onAct, true)
  return () => {
    observer.disconnect()
    personMovedFocus = false
    doc.removeEventListener('click', onAct, true)
    doc.removeEventListener('keydown', onAct, true)
    doc.removeEventListener('focusin', onFocusIn)
    doc.removeEventListener('focusout', schedule)
  }
}

/**
 * An action finished: say what happened and move the focus to its result or the next step. A target given
 * as an element that is gone (or null) leaves the focus to `keepFocus`. A form opened below the fold is
 * scrolled into view with the focus in its first field (`revealForm`).
 */
export function actionDone(text: Said, target?: HTMLElement | null): void {
  announce(text)
  focusResult(target)
}

/**
 * An action finished whose words are said elsewhere (or need none): the focus goes to its result or the
 * next step, by the same rule (only while the person is still where they acted).
 */
export function focusResult(target?: HTMLElement | null): void {
  if (target && target.isConnected && mayMoveFocus(target.ownerDocument)) focusQuietly(target)
}

/**
 * A Save (or Create, Add, Find) refused for a field's problem: once the form's messages are drawn, the focus
 * goes to the first field of `form` marked `aria-invalid="true"`, brought into view, by the same rule as
 * `focusResult` — never left on the button or the page body, so the message the field is described by is
 * read with it and the next key corrects it. Every form that refuses its Save for a field calls this
 * (`test/renderer/lib/refused-save-focus.test.ts` lists them). Returns whether a field took the focus.
 */
export async function focusFirstProblem(form: HTMLElement | null | undefined): Promise<boolean> {
  await tick()
  const field = form?.querySelector<HTMLElement>('[aria-invalid="true"]')
  if (!field) return false
  focusResult(field)
  return field.ownerDocument.activeElement === field
}

/**
 * An action whose result is drawn anew, not where it was acted on (a console switch remounts every
 * screen, the card pressed in included): said at once, then the focus goes to the result once it is on
 * the page (`find` asked at each frame, for up to a second), by the same rule as `focusResult`.
 */
export function actionDoneWhenShown(text: Said, find: () => HTMLElement | null | undefined): void {
  announce(text)
  const doc = typeof document === 'undefined' ? undefined : document
  if (!doc) return
  const frame = (run: () => void) =>
    typeof requestAnimationFrame === 'function' ? requestAnimationFrame(run) : setTimeout(run, 16)
  let tries = 60
  const look = () => {
    const target = find()
    if (target?.isConnected) return focusResult(target)
    if (--tries > 0) frame(look)
  }
  look()
}

/**
 * An action failed and its reason is shown (an ErrorNotice, role="alert", inside `where`): the focus goes
 * to the reason, so it is read and the next key is not typed into the field the action was sent from, by
 * the same rule as `focusResult`.
 */
export function focusFailure(where: HTMLElement | null | undefined): void {
  focusResult(where?.querySelector<HTMLElement>('[role="alert"]') ?? where)
}

/** Bring a form that opened below the fold into view, with the focus in its first field. */
export function revealForm(form: HTMLElement | null | undefined): void {
  if (!form || !mayMoveFocus(form.ownerDocument)) return
  // The whole form first where it fits (its field alone would leave the rest under the edge).
  bringIntoView(form)
  const first = form.querySelector<HTMLElement>(FOCUSABLE)
  focusQuietly(first ?? form)
}

/**
 * Bring a record opened below the fold (details under a long list) into view, with the focus on its
 * heading: the result of the click is where the person is, not under the window's bottom edge.
 */
export function revealResult(record: HTMLElement | null | undefined): void {
  if (!record || !mayMoveFocus(record.ownerDocument)) return
  bringIntoView(record)
  focusQuietly(homeOf(record))
}

/**
 * Starting an action clears the earlier outcome lines, on every screen: a "Card deleted", a "PIN removed"
 * or an error is not left beside what the new action will say (or beside nothing, read as its outcome).
 * A screen holds one `OutcomeLines`; each section that shows outcome or error lines registers how to
 * empty them (`section`), and every action of the screen calls `actionStarted()` as it starts. A section
 * that lives in a store (Cards' notice above the list) and one in a component (the card details) share
 * the screen's one object, so an action in either clears both. A screen may also hand its root to
 * `startsOnPress`, so that every button pressed in it starts an action (Cards does).
 */
export class OutcomeLines {
  // Not reactive on purpose: nothing is drawn from it, it is only walked when an action starts.
  // eslint-disable-next-line svelte/prefer-svelte-reactivity
  #sections = new Map<string, () => void>()

  /** The lines of `name` and how to empty them; the returned function forgets them (a section unmounted). */
  section(name: string, clear: () => void): () => void {
    this.#sections.set(name, clear)
    return () => {
      if (this.#sections.get(name) === clear) this.#sections.delete(name)
    }
  }

  /**
   * One outcome line of the screen, registered as a section: `say` shows the words on it and announces
   * them (`actionDone`) on one path, so an outcome is never only heard (a "deleted" whose record and
   * details are gone has nowhere else to be shown); the next action empties it.
   */
  line(name: string): OutcomeLine {
    const line = new OutcomeLine()
    this.section(name, () => (line.text = ''))
    return line
  }

  /** An action starts somewhere on the screen: every earlier outcome line of the screen goes. */
  actionStarted(): void {
    for (const clear of this.#sections.values()) clear()
  }

  /**
   * Another record is opened beside the list (another card, another visitor): the words of the one
   * left ("Alias saved.", a question's "belongs to Ben Ng now…") are about it, not this one, so they
   * go from the screen's lines and from the live region. Screens call it only when the record changes.
   */
  recordOpened(): void {
    this.actionStarted()
    announcer.subjectChanged()
  }

  /**
   * Every press of a button of the screen (`root`) starts an action: a click, or Enter or Space, which
   * browsers turn into one, heard before the button's own handler. A control that only opens a step
   * (Cards' "Assign to a person…", a confirmation's opener) starts an action as one that sends does,
   * without each having to call `actionStarted` ("Alias saved." stayed beside the opened Assign search).
   * A button that is off (aria-disabled, see SendButton) starts nothing. Returns how to stop listening.
   */
  startsOnPress(root: HTMLElement): () => void {
    const onPress = (event: Event) => {
      const button = (event.target as Element | null)?.closest?.('button')
      if (!button || !root.contains(button) || button.disabled) return
      if (button.getAttribute('aria-disabled') === 'true') return
      this.actionStarted()
    }
    root.addEventListener('click', onPress, true)
    return () => root.removeEventListener('click', onPress, true)
  }
}

/** A screen's outcome line (`OutcomeLines.line`): the words shown (empty: nothing), and how an action says them. */
export class OutcomeLine {
  #said = $state.raw<Said>('')
  /** The words shown, in the desk's language now (empty: nothing). */
  get text(): string {
    return sayNow(this.#said)
  }
  set text(said: Said) {
    this.#said = said
  }

  /**
   * The action's outcome: shown on this line, said once in the live region, the focus to `target`. Given as
   * words to work out (`() => m.t(…)`), the line and the region follow a language switch (lib/said).
   */
  say(text: Said, target?: HTMLElement | null): void {
    this.text = text
    actionDone(text, target)
  }
}
