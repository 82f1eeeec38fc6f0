import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { render } from '@testing-library/svelte'
import RowsTable from './RowsTableWhole.svelte'
import CsvPreviewTable from './CsvPreviewWhole.svelte'
import type { BatchRow, CsvPreview } from '../../../src/shared/batches/schemas'

/**
 * Issue 33: Import's two virtualised tables (the batch's rows, the CSV preview) learn their box and
 * their rows' heights from a ResizeObserver, after layout, and never read an element's size or
 * scroll a new box as they mount: each forces the browser to lay the page out there and then (one
 * per row; ~45 ms for the box read and ~24 ms for the scroll in a 10,000-line preview under load). jsdom lays nothing out, so the
 * test counts the reads that would have forced a layout, and plays the observer's entries itself.
 */

/** The observers the tables made, with the elements each watches: the test reports sizes through them. */
const observers: { callback: ResizeObserverCallback; watched: Set<Element> }[] = []
class FakeResizeObserver {
  private readonly own: { callback: ResizeObserverCallback; watched: Set<Element> }
  constructor(callback: ResizeObserverCallback) {
    this.own = { callback, watched: new Set() }
    observers.push(this.own)
  }
  observe(element: Element) {
    this.own.watched.add(element)
  }
  unobserve(element: Element) {
    this.own.watched.delete(element)
  }
  disconnect() {
    this.own.watched.clear()
  }
}

/** Report `element` at `height` px to whichever observer watches it, as the browser does after layout. */
function reportSize(element: Element, height: number) {
  const entry = {
    target: element,
    borderBoxSize: [{ blockSize: height, inlineSize: 900 }],
    contentBoxSize: [{ blockSize: height, inlineSize: 900 }],
    contentRect: { height, width: 900 }
  } as unknown as ResizeObserverEntry
  for (const o of observers) if (o.watched.has(element)) o.callback([entry], o as unknown as ResizeObserver)
}

let layoutReads: string[] = []
const originalScrollTo = Element.prototype.scrollTo
const spies: { mockRestore(): void }[] = []
beforeEach(() => {
  observers.length = 0
  layoutReads = []
  vi.stubGlobal('ResizeObserver', FakeResizeObserver)
  for (const name of ['offsetWidth', 'offsetHeight', 'clientHeight', 'clientWidth'] as const) {
    spies.push(
      vi.spyOn(HTMLElement.prototype, name, 'get').mockImplementation(function (this: HTMLElement) {
        layoutReads.push(`${this.tagName.toLowerCase()}.${name}`)
        return 0
      })
    )
  }
  // jsdom has no scrolling: a scroll asked for is recorded as what it forces in a browser.
  Element.prototype.scrollTo = function (this: Element) {
    layoutReads.push(`${this.tagName.toLowerCase()}.scrollTo`)
  } as Element['scrollTo']
  const rect = Element.prototype.getBoundingClientRect
  spies.push(
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      layoutReads.push(`${this.tagName.toLowerCase()}.getBoundingClientRect`)
      return rect.call(this)
    })
  )
})
afterEach(() => {
  for (const spy of spies.splice(0)) spy.mockRestore()
  Element.prototype.scrollTo = originalScrollTo
  vi.unstubAllGlobals()
})

const row = (n: number): BatchRow => ({
  id: `row-${n}`,
  nfcId: `04A23B${n.toString(16).toUpperCase().padStart(4, '0')}`,
  alias: `Floor2-${n}`,
  addedAt: '2026-11-28T10:00:00.000Z',
  source: 'csv',
  status: 'pending'
})

const preview = (n: number): CsvPreview => ({
  notes: [],
  counts: { ok: n, repaired: 0, refused: 0, duplicate: 0 },
  rows: Array.from({ length: n }, (_, i) => ({
    line: i + 1,
    nfcId: `04E1${i.toString(16).toUpperCase().padStart(4, '0')}`,
    alias: `Line-${i + 1}`,
    status: 'ok' as const,
    messages: []
  }))
})

const drawnIndexes = (container: HTMLElement) =>
  [...container.querySelectorAll<HTMLElement>('tbody tr[data-index]')].map((tr) => Number(tr.dataset['index']))

describe('Import tables size themselves after layout (issue 33)', () => {
  it("the batch's rows: mounted with no size read, then drawn for the box the observer reports; each row watched by it", async () => {
    const { container } = render(RowsTable, {
      props: {
        rows: Array.from({ length: 10_000 }, (_, i) => row(i)),
        onsave: async () => undefined,
        ondelete: () => undefined
      }
    })
    await vi.waitFor(() => expect(drawnIndexes(container).length).toBeGreaterThan(0))
    expect(layoutReads).toEqual([])

    // The box turns out 2,000 px tall: the table draws the rows that fill it (37 px each, and a few more).
    const scroller = container.querySelector<HTMLElement>('[role=region]')!
    reportSize(scroller, 2000)
    await vi.waitFor(() => expect(Math.max(...drawnIndexes(container))).toBeGreaterThanOrEqual(Math.floor(2000 / 37)))
    // Each drawn row is watched by the observer: its real height comes with the observer's entry.
    const first = container.querySelector('tbody tr[data-index="0"]')!
    expect(observers.some((o) => o.watched.has(first))).toBe(true)
    reportSize(first, 37 + 100)
    expect(layoutReads).toEqual([])
  })

  it('the CSV preview: mounted with no size read, then drawn for the box the observer reports', async () => {
    const { container } = render(CsvPreviewTable, { props: { preview: preview(10_000) } })
    await vi.waitFor(() => expect(drawnIndexes(container).length).toBeGreaterThan(0))
    expect(layoutReads).toEqual([])

    reportSize(container.querySelector<HTMLElement>('[role=region]')!, 2000)
    await vi.waitFor(() => expect(Math.max(...drawnIndexes(container))).toBeGreaterThanOrEqual(Math.floor(2000 / 37)))
    expect(layoutReads).toEqual([])
  })
})
