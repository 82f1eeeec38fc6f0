/**
 * Tasks run one after another: each starts once every earlier one has settled, and one that fails
 * does not stop the next. A journal's appends, a journal file's changes (check, then write) and the
 * audit log's writes are kept in order by one of these each.
 */
export class WriteLock {
  private tail: Promise<unknown> = Promise.resolve()

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.tail.then(task, task)
    this.tail = result.catch(() => undefined)
    return result
  }

  /** Resolves once every task queued so far has settled (none is started meanwhile). */
  idle(): Promise<void> {
    return this.tail.then(() => undefined)
  }
}
