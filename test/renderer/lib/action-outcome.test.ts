import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  actionDone,
  announce,
  announcer,
  keepFocus,
  revealForm
} from '../../../src/renderer/src/lib/action-outcome.svelte'

/** After an action the focus is never left on the body, and the one live region says what happened. */
describe('the focus after an action', () => {
  let stop: () => void
  beforeEach(() => {
    document.body.innerHTML = `
      <main>
        <h1>Cards</h1>
        <section aria-label="Card 12"><h2>Card 12</h2>
          <div class="rows"><button id="delete">Delete</button><button id="other">Rename</button></div>
        </section>
        <form id="add"><input id="nfc" /><button id="add-button">Add</button></form>
      </main>`
    stop = keepFocus(document)
  })
  afterEach(() => stop())

  const settle = () => new Promise((resolve) => setTimeout(resolve, 5))

  it('a removed button hands the focus to the heading of its section, not to the body', async () => {
    const button = document.getElementById('delete')!
    button.focus()
    button.closest('.rows')!.remove()
    await settle()
    expect(document.activeElement).not.toBe(document.body)
    expect(document.activeElement?.textContent).toBe('Card 12')
  })

  it('a disabled button (an Add disabled by the emptied field) hands it to the form first field', async () => {
    const button = document.getElementById('add-button') as HTMLButtonElement
    button.focus()
    button.disabled = true
    await settle()
    expect(document.activeElement).toBe(document.getElementById('nfc'))
  })

  it('a whole screen replaced falls back to the new screen heading', async () => {
    document.getElementById('delete')!.focus()
    document.querySelector('main')!.innerHTML = '<h1>Visitors</h1><p>None</p>'
    await settle()
    expect(document.activeElement?.textContent).toBe('Visitors')
  })

  it('an open dialog keeps the focus inside it', async () => {
    document.body.insertAdjacentHTML(
      'beforeend',
      '<div role="dialog" aria-modal="true"><h2>Delete?</h2><div class="x"><button id="go">Delete</button></div><button id="cancel">Cancel</button></div>'
    )
    document.getElementById('go')!.focus()
    document.querySelector('.x')!.remove()
    await settle()
    const dialog = document.querySelector('[role="dialog"]')!
    expect(dialog.contains(document.activeElement)).toBe(true)
    expect(document.activeElement?.textContent).toBe('Delete?')
  })

  it('a person who moves the focus away on purpose keeps their choice', async () => {
    const other = document.getElementById('other')!
    other.focus()
    other.blur()
    await settle()
    expect(document.activeElement).toBe(document.body)
  })
})

/** One rule for every focus move an action makes: never taken from where the person went meanwhile. */
describe('an action that finishes after the person moved on', () => {
  let stop: () => void
  beforeEach(() => {
    document.body.innerHTML = `
      <main><h1>Cards</h1>
        <input id="filter" type="search" /><button id="refresh">Refresh</button>
        <form id="f"><input id="name" /></form>
      </main>`
    stop = keepFocus(document)
  })
  afterEach(() => stop())
  const settle = () => new Promise((resolve) => setTimeout(resolve, 5))

  it('leaves the focus in the field the person went to while it ran (Refresh, then typing in the filter)', () => {
    const refresh = document.getElementById('refresh')!
    const filter = document.getElementById('filter')!
    refresh.focus()
    refresh.click()
    filter.focus()
    filter.click()
    actionDone('Cards read again', refresh)
    revealForm(document.getElementById('f'))
    expect(document.activeElement).toBe(filter)
  })

  it('moves it when the person is still where they acted, or when it was lost meanwhile', async () => {
    const refresh = document.getElementById('refresh') as HTMLButtonElement
    refresh.focus()
    refresh.click()
    actionDone('Cards read again', document.getElementById('name'))
    expect(document.activeElement?.id).toBe('name')

    // The button disabled while the action runs: keepFocus's move to the heading is not the person's.
    refresh.focus()
    refresh.click()
    refresh.disabled = true
    await settle()
    expect(document.activeElement?.textContent).toBe('Cards')
    refresh.disabled = false
    actionDone('Cards read again', refresh)
    expect(document.activeElement).toBe(refresh)
  })

  it('Enter in a field is an act (a form sent from its last field); a letter typed is not', () => {
    const filter = document.getElementById('filter')!
    const name = document.getElementById('name')!
    name.focus()
    name.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }))
    actionDone('Saved', filter)
    expect(document.activeElement).toBe(filter)

    document.getElementById('refresh')!.click()
    name.focus()
    name.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }))
    actionDone('Cards read again', filter)
    expect(document.activeElement).toBe(name)
  })
})

describe('the announcement after an action', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('says the words, and the same words again after an empty moment', () => {
    announce('Alias saved')
    expect(announcer.message).toBe('')
    vi.advanceTimersByTime(50)
    expect(announcer.message).toBe('Alias saved')
    announce('Alias saved')
    expect(announcer.message).toBe('')
    vi.advanceTimersByTime(50)
    expect(announcer.message).toBe('Alias saved')
  })

  it('actionDone says it and moves the focus to the result', () => {
    document.body.innerHTML = '<main><h1>Visitors</h1><p id="result">Ana Ruiz</p></main>'
    const result = document.getElementById('result')!
    actionDone('Visitor saved', result)
    vi.advanceTimersByTime(50)
    expect(announcer.message).toBe('Visitor saved')
    expect(document.activeElement).toBe(result)
  })

  it('revealForm puts the focus in the form first field', () => {
    document.body.innerHTML = '<main><form id="f"><label>Name <input id="name" /></label></form></main>'
    revealForm(document.getElementById('f'))
    expect(document.activeElement?.id).toBe('name')
  })
})

describe('the focus given back by the app (a dialog closed)', () => {
  it('is not the person’s move: the result of the action confirmed still takes it', async () => {
    const { giveFocus } = await import('../../../src/renderer/src/lib/action-outcome.svelte')
    document.body.innerHTML = `<main><h1>PINs</h1><button id="opener">Remove PIN…</button><p id="result">Removed</p></main>`
    const stop = keepFocus(document)
    const opener = document.getElementById('opener') as HTMLButtonElement
    opener.click()
    giveFocus(opener)
    actionDone('Ana Ruiz has no PIN any more.', document.getElementById('result'))
    expect(document.activeElement?.id).toBe('result')
    // A disabled opener is left alone: not focused, and not taken out of the Tab order.
    opener.disabled = true
    expect(giveFocus(opener)).toBe(false)
    expect(opener.hasAttribute('tabindex')).toBe(false)
    stop()
  })
})

/**
 * Every focus an action gives brings its element into view (a row ended low on Today moves under Left,
 * below the window's edge): jsdom lays nothing out, so what is asked of the browser is recorded.
 */
describe('the focus an action gives is brought into view', () => {
  let scrolled: { el: Element; options: unknown }[]
  let stop: () => void
  beforeEach(() => {
    scrolled = []
    Element.prototype.scrollIntoView = vi.fn(function (this: Element, options?: unknown) {
      scrolled.push({ el: this, options })
    })
    document.body.innerHTML = `
      <main><h1>Today</h1>
        <section aria-label="Left"><h2>Left</h2><div class="rows"><button id="row">Ana Ruiz</button></div></section>
        <p role="alert" id="why">The console refused it.</p>
        <button id="opener">End visit…</button>
      </main>`
    stop = keepFocus(document)
  })
  afterEach(() => {
    stop()
    delete (Element.prototype as Partial<Element>).scrollIntoView
  })
  const nearest = { block: 'nearest', inline: 'nearest' }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 5))

  it('actionDone, focusResult, focusFailure and giveFocus scroll their element the least way', async () => {
    const { focusResult, focusFailure, giveFocus } = await import('../../../src/renderer/src/lib/action-outcome.svelte')
    const row = document.getElementById('row')!
    actionDone('Visit ended.', row)
    expect(scrolled).toEqual([{ el: row, options: nearest }])
    focusResult(document.querySelector('h1'))
    expect(scrolled.at(-1)).toEqual({ el: document.querySelector('h1'), options: nearest })
    focusFailure(document.querySelector('main'))
    expect(scrolled.at(-1)).toEqual({ el: document.getElementById('why'), options: nearest })
    giveFocus(document.getElementById('opener'))
    expect(scrolled.at(-1)).toEqual({ el: document.getElementById('opener'), options: nearest })
  })

  it('the heading keepFocus hands a lost focus to is brought into view too', async () => {
    await settle()
    document.getElementById('row')!.focus()
    scrolled = []
    document.querySelector('.rows')!.remove()
    await settle()
    expect(document.activeElement?.textContent).toBe('Left')
    expect(scrolled).toEqual([{ el: document.activeElement, options: nearest }])
  })

  it('nothing is scrolled when the element could not take the focus (a disabled button)', async () => {
    const { giveFocus } = await import('../../../src/renderer/src/lib/action-outcome.svelte')
    const opener = document.getElementById('opener') as HTMLButtonElement
    opener.disabled = true
    giveFocus(opener)
    expect(scrolled).toEqual([])
  })

  it('a result focused is kept in view while the page settles around it, until the person acts', () => {
    // The layout a real browser reports: a fake ResizeObserver the test fires as the page changes size.
    const observers: { fire: () => void; watched: Element[]; off: boolean }[] = []
    const Fake = class {
      entry: { fire: () => void; watched: Element[]; off: boolean }
      constructor(callback: () => void) {
        this.entry = { fire: () => !this.entry.off && callback(), watched: [], off: false }
        observers.push(this.entry)
      }
      observe(el: Element) {
        this.entry.watched.push(el)
      }
      disconnect() {
        this.entry.off = true
      }
    }
    const had = window.ResizeObserver
    window.ResizeObserver = Fake as unknown as typeof ResizeObserver
    try {
      const row = document.getElementById('row')!
      actionDone('Visit ended.', row)
      expect(scrolled).toEqual([{ el: row, options: nearest }])
      // The boxes around it are watched: the row's section and the screen.
      const last = observers.at(-1)!
      expect(last.watched).toEqual(expect.arrayContaining([row, row.closest('section'), row.closest('main')]))
      // Notes come above it as the record is read again: brought into view again.
      last.fire()
      expect(scrolled).toEqual([
        { el: row, options: nearest },
        { el: row, options: nearest }
      ])
      // The person scrolls (a wheel): the page is theirs, nothing is moved any more.
      document.dispatchEvent(new WheelEvent('wheel', { bubbles: true }))
      last.fire()
      expect(scrolled).toHaveLength(2)

      // Another result; the focus moves on by the person's Tab: it is no longer followed either.
      actionDone('Ready.', document.getElementById('opener'))
      const next = observers.at(-1)!
      document.getElementById('row')!.focus()
      next.fire()
      expect(scrolled.filter((s) => s.el === document.getElementById('opener'))).toHaveLength(1)
    } finally {
      window.ResizeObserver = had
    }
  })

  it('without scrollIntoView (jsdom as it is) the focus is still given', () => {
    delete (Element.prototype as Partial<Element>).scrollIntoView
    actionDone('Visit ended.', document.getElementById('row'))
    expect(document.activeElement?.id).toBe('row')
  })
})

/**
 * A choice re-created by the state it changes (a box ticked is drawn again elsewhere, a select drawn anew)
 * keeps the focus: keepFocus gives it to the control drawn in its place for the same choice, never to
 * its section's heading or the screen's title.
 */
describe('the focus of a choice re-drawn by its own change', () => {
  let stop: () => void
  beforeEach(async () => {
    await new Promise((resolve) => setTimeout(resolve, 5))
    document.body.innerHTML = `
      <main><h1>Badges</h1>
        <section aria-label="Warning"><h2>The visit has ended</h2>
          <label><input type="checkbox" name="make-anyway" id="warned" /> Make the badge anyway</label></section>
        <section aria-label="Badge"><h2>Badge</h2><div id="beside"></div></section>
        <section aria-label="Filter"><h2>Filter</h2>
          <div id="filter"><label>Status <select id="status"><option>All</option><option>Here</option></select></label></div></section>
      </main>`
    stop = keepFocus(document)
  })
  afterEach(() => stop())

  it('a box drawn again in another place with the same name takes the focus', async () => {
    document.getElementById('warned')!.focus()
    document.querySelector('[aria-label="Warning"]')!.remove()
    document.getElementById('beside')!.innerHTML =
      '<label><input type="checkbox" name="make-anyway" id="shown" checked /> Make the badge anyway (the visit has ended)</label>'
    await vi.waitFor(() => expect(document.activeElement?.id).toBe('shown'))
  })

  it('a select without a name drawn anew is found by its label', async () => {
    document.getElementById('status')!.focus()
    document.getElementById('filter')!.innerHTML =
      '<label>Status <select id="status-again"><option>All</option><option selected>Here</option></select></label>'
    await vi.waitFor(() => expect(document.activeElement?.id).toBe('status-again'))
  })

  it('another choice with other words is no twin: the section heading takes it as before', async () => {
    document.getElementById('status')!.focus()
    document.getElementById('filter')!.innerHTML =
      '<label>Printer <select id="printer"><option>Lobby</option></select></label>'
    await vi.waitFor(() => expect(document.activeElement?.textContent).toBe('Filter'))
  })
})
