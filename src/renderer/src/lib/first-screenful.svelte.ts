import { afterPaint } from './after-paint'

/**
 * A list drawn in two frames: first the rows a screen shows (the first `rows` in the order of its
 * groups), then, once that frame is painted, the rest below them. Today on a large site draws a page
 * of each of its five groups at once (150 rows, each a name button, a pass, a badge button): creating
 * and laying them all out before the first frame held the rows in view back by 0.3–1 s on a loaded
 * desk PC (bench/lists-open.bench.ts), for rows below the window. Nothing is left out: the rest is
 * drawn in the next frame, before a person can scroll or read them.
 */
export class FirstScreenful {
  /** Every row is drawn (the first frame was painted). */
  all = $state(false)
  private waiting = false

  constructor(private readonly rows: number) {}

  /** The groups as drawn now: all of them once the first frame is painted, until then the first `rows` rows. */
  cut<G extends { shown: readonly unknown[] }>(groups: readonly G[]): G[] {
    if (this.all) return [...groups]
    let left = this.rows
    return groups.map((g) => {
      if (g.shown.length <= left) {
        left -= g.shown.length
        return g
      }
      const shown = g.shown.slice(0, Math.max(0, left))
      left = 0
      return { ...g, shown } as G
    })
  }

  /** The first rows were given to the screen: the rest are drawn once the frame showing them is painted. */
  firstDrawn(): void {
    if (this.all || this.waiting) return
    this.waiting = true
    void afterPaint().then(() => (this.all = true))
  }
}
