// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { VisitorsStore } from '../../../src/renderer/src/stores/visitors.svelte'
import { cardsStore } from '../../../src/renderer/src/stores/cards.svelte'
import { card, cardsMain } from '../cards/cards-main'
import { forgetConsoleData } from '../../../src/renderer/src/stores/console-scope'
import { scriptedBridge } from '../../support/fake-bridge'
import type { Envelope } from '../../../src/shared/ipc/define'

const visitor = (id: string) => ({ id, first_name: id, last_name: 'Visitor', status: 'UPCOMING' })

describe('answers that arrive late', () => {
  it('keeps the visitor the user opened last, whatever order the answers come in', async () => {
    const release: Record<string, () => void> = {}
    const { bridge } = scriptedBridge({
      'visitors.get': (input) =>
        new Promise<Envelope>((resolve) => {
          const { id } = input as { id: string }
          release[id] = () => resolve({ ok: true, result: visitor(id) })
        })
    })
    setApiForTests(bridge)
    const store = new VisitorsStore()
    const a = store.open('A')
    const b = store.open('B')
    await new Promise((r) => setTimeout(r, 0))
    release['B']!()
    await b
    release['A']!()
    await a
    expect(store.selected?.id).toBe('B')
  })

  it('drops a list answer that a newer search replaced', async () => {
    const pending: ((e: Envelope) => void)[] = []
    const { bridge } = scriptedBridge({
      'visitors.list': () => new Promise<Envelope>((resolve) => pending.push(resolve))
    })
    setApiForTests(bridge)
    const store = new VisitorsStore()
    store.keyword = 'ali'
    const slow = store.load(1)
    store.keyword = ''
    const fast = store.load(1)
    await new Promise((r) => setTimeout(r, 0))
    pending[1]!({ ok: true, result: { items: [visitor('Everyone')], total: 1 } })
    await fast
    pending[0]!({ ok: true, result: { items: [visitor('Alice')], total: 1 } })
    await slow
    expect(store.items.map((v) => v.id)).toEqual(['Everyone'])
    expect(store.loading).toBe(false)
  })
})

describe('a console switch', () => {
  it("forgets the previous console's cards and selection, and ignores its late answer", async () => {
    const main = cardsMain()
    cardsStore.filter = '0001'
    const loading = cardsStore.load()
    await new Promise((r) => setTimeout(r, 0))
    main.part(0, [card(1)])
    await new Promise((r) => setTimeout(r, 0))
    cardsStore.selectAt(0)
    expect(cardsStore.selectedToken).toBe('tok-1')
    forgetConsoleData()
    // Console A's late answers (its cards complete, a view of them) change nothing.
    main.done([card(1), card(2)])
    await loading
    await new Promise((r) => setTimeout(r, 0))
    expect(cardsStore.view.rows).toEqual([])
    expect(cardsStore.view.total).toBe(0)
    expect(cardsStore.filter).toBe('')
    expect(cardsStore.loaded).toBe(false)
    expect(cardsStore.selectedToken).toBeNull()
  })
})

describe('a console switch and the Import screen', () => {
  it('keeps the batches (this desk’s) but closes a CSV preview, which quotes the console left', async () => {
    const { batchesStore } = await import('../../../src/renderer/src/stores/batches.svelte')
    batchesStore.csv = {
      name: 'semicolon.csv',
      preview: { previewId: 'p1', total: 1, notes: ["…the console's 1 card that shows one"] },
      lines: []
    } as unknown as typeof batchesStore.csv
    batchesStore.selectedId = 'b1'
    forgetConsoleData()
    expect(batchesStore.csv).toBeNull()
    expect(batchesStore.selectedId).toBe('b1')
  })
})

describe('a console switch and Badges', () => {
  it("forgets the print history and the badge chosen (the console left's visitors), keeps this desk's settings", async () => {
    const { badgeDesk } = await import('../../../src/renderer/src/stores/badges.svelte')
    const settings = { stock: 'dk-11202', printer: 'QL-820' } as unknown as typeof badgeDesk.settings
    badgeDesk.settings = settings
    badgeDesk.history = [{ id: 'h1', visitorId: 'v-a', name: 'Ann Berg' }] as unknown as typeof badgeDesk.history
    badgeDesk.makeBadgeFor('v-a')
    forgetConsoleData()
    expect(badgeDesk.history).toEqual([])
    expect(badgeDesk.visitorId).toBeNull()
    expect(badgeDesk.reprintOf).toBeNull()
    expect(badgeDesk.printNext).toBe(false)
    expect(badgeDesk.settings).toBe(settings)
  })
})
