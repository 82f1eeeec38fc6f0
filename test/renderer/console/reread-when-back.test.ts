// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { connection } from '../../../src/renderer/src/stores/connection.svelte'
import { cardsStore } from '../../../src/renderer/src/stores/cards.svelte'
import { visitors } from '../../../src/renderer/src/stores/visitors.svelte'
import { touchPasses } from '../../../src/renderer/src/stores/touch-passes.svelte'
import { today } from '../../../src/renderer/src/stores/today.svelte'
import { AppError } from '../../../src/shared/errors'
import { todayBridge } from '../today/today-bridge'

/** Each store whose read failed, and how it reads again (its `load`). */
const stores = [
  { name: 'cards', store: cardsStore },
  { name: 'visitors', store: visitors },
  { name: 'touch passes', store: touchPasses },
  { name: 'today', store: today }
] as const

afterEach(() => {
  vi.restoreAllMocks()
  for (const { store } of stores) store.reset()
})

const reach = (state: string, checkedAt: number) => ({ profileId: 'site', state, checkedAt, message: 'Why.' })

/**
 * A screen that failed for a reason the sidebar's one connection state reports reads again by itself
 * when that state clears (Connected again, the missing key given back): one rule for every list store.
 */
describe('A failed screen reads again when the console is Connected again', () => {
  it.each(['permissions', 'unreachable', 'trouble'])(
    'after “%s”, every store holding an error reads again',
    async (failing) => {
      const { bridge, push } = todayBridge({})
      setApiForTests(bridge)
      const stop = connection.listen()
      await connection.load()
      try {
        const loads = stores.map(({ store }) => vi.spyOn(store, 'load').mockResolvedValue(undefined))
        push('connections.reach', reach(failing, 2))
        for (const { store } of stores)
          store.error = new AppError({ kind: 'permission', message: 'The API token lacks view:credential.' })
        push('connections.reach', reach(failing, 3))
        for (const load of loads) expect(load).not.toHaveBeenCalled()

        push('connections.reach', reach('reachable', 4))
        stores.forEach(({ name }, i) => expect(loads[i], name).toHaveBeenCalledTimes(1))

        // Connected and Connected again is no change: nothing more is read.
        push('connections.reach', reach('reachable', 5))
        for (const load of loads) expect(load).toHaveBeenCalledTimes(1)
      } finally {
        stop()
      }
    }
  )

  it('reads again when the failure becomes another (no answer, then errors): its notice follows the outage now', async () => {
    const { bridge, push } = todayBridge({})
    setApiForTests(bridge)
    const stop = connection.listen()
    await connection.load()
    try {
      const loads = stores.map(({ store }) => vi.spyOn(store, 'load').mockResolvedValue(undefined))
      push('connections.reach', reach('unreachable', 2))
      for (const { store } of stores)
        store.error = new AppError({ kind: 'network', message: 'Could not reach the console.' })
      push('connections.reach', reach('trouble', 3))
      stores.forEach(({ name }, i) => expect(loads[i], name).toHaveBeenCalledTimes(1))
      // The same failure said again is no change: nothing more is read.
      push('connections.reach', reach('trouble', 4))
      for (const load of loads) expect(load).toHaveBeenCalledTimes(1)
    } finally {
      stop()
    }
  })

  it('leaves a store that holds no error alone', async () => {
    const { bridge, push } = todayBridge({})
    setApiForTests(bridge)
    const stop = connection.listen()
    await connection.load()
    try {
      const loads = stores.map(({ store }) => vi.spyOn(store, 'load').mockResolvedValue(undefined))
      push('connections.reach', reach('unreachable', 2))
      push('connections.reach', reach('reachable', 3))
      for (const load of loads) expect(load).not.toHaveBeenCalled()
    } finally {
      stop()
    }
  })
})

// The walk: an upload the outage stopped kept its "stopped" box after the console was back, as if the
// upload could not go on; the rows not sent are what the Upload button offers, to resume.
describe('Import: an upload stopped by the outage', () => {
  it('no longer says it stopped once the console is Connected again, and the batch is read again', async () => {
    const { batchesStore } = await import('../../../src/renderer/src/stores/batches.svelte')
    const { bridge, push } = todayBridge({})
    setApiForTests(bridge)
    const stop = connection.listen()
    await connection.load()
    try {
      const reread = vi.spyOn(batchesStore, 'refreshDetail').mockResolvedValue(undefined)
      push('connections.reach', reach('unreachable', 2))
      batchesStore.uploadError = new AppError({ kind: 'network', message: 'The upload stopped: no answer.' })
      push('connections.reach', reach('unreachable', 3))
      expect(batchesStore.uploadError).not.toBeNull()

      push('connections.reach', reach('reachable', 4))
      expect(batchesStore.uploadError).toBeNull()
      expect(reread).toHaveBeenCalledTimes(1)

      // A refusal that is not the outage (a row the console refused) stays: it is still true.
      const refused = new AppError({ kind: 'validation', message: 'The console refused the file.' })
      push('connections.reach', reach('unreachable', 5))
      batchesStore.uploadError = refused
      push('connections.reach', reach('reachable', 6))
      expect(batchesStore.uploadError).toBe(refused)
      batchesStore.uploadError = null
    } finally {
      stop()
    }
  })
})
