/**
 * A value made on first use and shared by every later use. An attempt that fails is forgotten, so
 * the next use tries again (a folder made writable meanwhile, a disk freed): a store that could not
 * load once is not broken for the rest of the session.
 */
export class Lazy<T> {
  private made: Promise<T> | undefined

  constructor(private readonly make: () => Promise<T>) {}

  get(): Promise<T> {
    this.made ??= this.make().catch((err: unknown) => {
      this.made = undefined
      throw err
    })
    return this.made
  }

  /** The value if it was asked for already (made, being made or failing), without starting it. */
  started(): Promise<T> | undefined {
    return this.made
  }
}
