import { describe, expect, it } from 'vitest'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { VisitorsStore } from '../../../src/renderer/src/stores/visitors.svelte'
import { cardsStore } from '../../../src/renderer/src/stores/cards.svelte'
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
    let answer: ((e: Envelope) => void) | undefined
    const { bridge } = scriptedBridge({
      'cards.load': () => new Promise<Envelope>((resolve) => (answer = resolve)),
      'cards.capabilities': () => ({ ok: true, result: { canEdit: true } })
    })
    setApiForTests(bridge)
    cardsStore.selectedToken = 'token-of-console-a'
    const loading = cardsStore.load()
    await new Promise((r) => setTimeout(r, 0))
    forgetConsoleData()
    answer!({
      ok: true,
      result: {
        cards: [
          {
            token: 'token-of-console-a',
            display_id: '1',
            status: 'assigned',
            alias: '',
            card_type: '',
            user_id: '',
            user_type: '',
            user: null
          }
        ],
        fetchedAt: 1,
        parts: 0,
        total: 1
      }
    })
    await loading
    expect(cardsStore.cards).toEqual([])
    expect(cardsStore.loaded).toBe(false)
    expect(cardsStore.selectedToken).toBeNull()
  })
})
