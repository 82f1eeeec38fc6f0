// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { throttled } from '../../../src/renderer/src/lib/throttle'

describe('a count redrawn at most every so often', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('shows the first value at once, then the newest of each span, and never loses the last', () => {
    const shown: number[] = []
    const count = throttled(200, (n: number) => shown.push(n))
    count.push(1000)
    expect(shown).toEqual([1000])
    for (const n of [2000, 3000, 4000]) count.push(n)
    expect(shown).toEqual([1000])
    vi.advanceTimersByTime(200)
    expect(shown).toEqual([1000, 4000])
    // Nothing new in a span: nothing redrawn, and the next value is shown at once.
    vi.advanceTimersByTime(400)
    count.push(5000)
    expect(shown).toEqual([1000, 4000, 5000])
    count.push(6000)
    vi.advanceTimersByTime(200)
    expect(shown).toEqual([1000, 4000, 5000, 6000])
  })

  it('stopped, it shows nothing more', () => {
    const shown: number[] = []
    const count = throttled(200, (n: number) => shown.push(n))
    count.push(1)
    count.push(2)
    count.stop()
    vi.advanceTimersByTime(1000)
    expect(shown).toEqual([1])
  })
})
