import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { IdleTimer } from '../../../src/renderer/src/screens/kiosk/idle-timer'

describe('the kiosk idle timeout', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('goes back after the quiet spell, and each touch starts the wait again', () => {
    const idle = vi.fn()
    const timer = new IdleTimer(() => 60_000, idle)
    expect(timer.running).toBe(false)
    timer.poke()
    expect(timer.running).toBe(true)
    vi.advanceTimersByTime(59_999)
    expect(idle).not.toHaveBeenCalled()
    timer.poke()
    vi.advanceTimersByTime(59_999)
    expect(idle).not.toHaveBeenCalled()
    vi.advanceTimersByTime(1)
    expect(idle).toHaveBeenCalledTimes(1)
    expect(timer.running).toBe(false)
    // Once gone back, nothing fires again until the next touch.
    vi.advanceTimersByTime(120_000)
    expect(idle).toHaveBeenCalledTimes(1)
  })

  it('reads the setting at each touch and stops when told', () => {
    const idle = vi.fn()
    let seconds = 30
    const timer = new IdleTimer(() => seconds * 1000, idle)
    timer.poke()
    seconds = 90
    timer.poke()
    vi.advanceTimersByTime(30_000)
    expect(idle).not.toHaveBeenCalled()
    timer.stop()
    expect(timer.running).toBe(false)
    vi.advanceTimersByTime(120_000)
    expect(idle).not.toHaveBeenCalled()
  })
})

describe('a visit time as the kiosk says it', () => {
  it('says "Today" with the times only when the visit is within today, and the days otherwise', async () => {
    const { visitTimeWords } = await import('../../../src/shared/kiosk/kiosk-words')
    const { kioskEnglish } = await import('../../../src/shared/kiosk/kiosk-english')
    const { formats } = await import('../../../src/shared/format/formats')
    const visitTime = (from: number, to: number, now: Date) =>
      visitTimeWords(kioskEnglish(), formats('en-US'), from, to, now)
    const now = new Date(2026, 10, 23, 10, 0)
    const s = (d: Date) => Math.floor(d.getTime() / 1000)
    const today = visitTime(s(new Date(2026, 10, 23, 9, 0)), s(new Date(2026, 10, 23, 17, 30)), now)
    // The range is the locale's own (Intl formatRange: thin spaces around the dash).
    expect(today).toMatch(/^Today, 0?9:00\sAM\s–\s0?5:30\sPM$/)
    const days = visitTime(s(new Date(2026, 10, 22, 9, 0)), s(new Date(2026, 10, 24, 17, 0)), now)
    expect(days).not.toContain('Today')
    expect(days).toMatch(/Nov 22.*\s–\s.*Nov 24/)
  })
})
