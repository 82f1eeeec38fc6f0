import { afterEach, describe, expect, it } from 'vitest'
import { BRIDGE_STATUS_EVENT, type BridgeStatus } from '../../../src/web/protocol'
import { onMainRestart, watchMainRestarts } from '../../../src/renderer/src/lib/main-restarts'

/** The bridge's status events, as bridge-client.ts announces them on window. */
function announce(target: EventTarget, status: BridgeStatus) {
  target.dispatchEvent(new CustomEvent(BRIDGE_STATUS_EVENT, { detail: status }))
}
const settled = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('main restarts: what main must hold again', () => {
  const cleanups: (() => void)[] = []
  afterEach(() => cleanups.splice(0).forEach((fn) => fn()))

  function setup() {
    const target = new EventTarget()
    const runs: string[] = []
    cleanups.push(
      watchMainRestarts(target),
      onMainRestart('reader', () => void runs.push('reader')),
      onMainRestart('batches', async () => void runs.push('batches')),
      // One that fails does not keep the others from running.
      onMainRestart('broken', () => {
        throw new Error('main answered badly')
      })
    )
    return { target, runs }
  }

  it('runs nothing on the first connect', async () => {
    const { target, runs } = setup()
    announce(target, 'connected')
    await settled()
    expect(runs).toEqual([])
  })

  it('runs each re-establisher once per return from lost or refused', async () => {
    const { target, runs } = setup()
    announce(target, 'connected')
    announce(target, 'lost')
    await settled()
    expect(runs).toEqual([])
    announce(target, 'connected')
    await settled()
    expect(runs.sort()).toEqual(['batches', 'reader'])

    // A second connected without a loss between is no return.
    announce(target, 'connected')
    await settled()
    expect(runs).toHaveLength(2)

    // Refused (restarted with another secret), then back: once more each.
    announce(target, 'refused')
    announce(target, 'lost')
    announce(target, 'connected')
    await settled()
    expect(runs.sort()).toEqual(['batches', 'batches', 'reader', 'reader'])
  })

  it('does not run a re-establisher once unregistered, and the same name replaces the previous one', async () => {
    const { target, runs } = setup()
    const off = onMainRestart('reader', () => void runs.push('reader 2'))
    announce(target, 'lost')
    announce(target, 'connected')
    await settled()
    expect(runs.sort()).toEqual(['batches', 'reader 2'])
    off()
    announce(target, 'lost')
    announce(target, 'connected')
    await settled()
    expect(runs.sort()).toEqual(['batches', 'batches', 'reader 2'])
  })
})
