/**
 * `apply` for the first value at once, then at most once per `everyMs` with the newest value of
 * that span (the last one is never lost). For counts that change faster than anyone can read:
 * each redraw is a frame (layout, paint) taken from the work the count reports on.
 */
export function throttled<T>(everyMs: number, apply: (value: T) => void): { push(value: T): void; stop(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined
  let pending: { value: T } | undefined
  const flush = () => {
    timer = undefined
    if (!pending) return
    const { value } = pending
    pending = undefined
    apply(value)
    timer = setTimeout(flush, everyMs)
  }
  return {
    push(value) {
      pending = { value }
      if (timer === undefined) flush()
    },
    stop() {
      if (timer !== undefined) clearTimeout(timer)
      timer = undefined
      pending = undefined
    }
  }
}
