import type { Component } from 'svelte'
import { codeLoadFailed } from './code-load-failed'

/**
 * A component whose code is loaded the first time it is opened, not with the screen that shows it:
 * Today's first paint does not load the walk-in form, nor zod that checks it
 * (bench/bundle-size.bench.ts, test/packaging/renderer-first-paint.test.ts). Made once per module,
 * so a screen shown again has it at once. A failed load is forgotten, so the next open tries again,
 * and said as a screen's failed load is (lib/code-load-failed.ts).
 */
export class LazyComponent<C extends Component<never>> {
  /** The component once its code is here (reactive: the screen shows it as soon as it is). */
  component = $state.raw<C | undefined>(undefined)
  #pending: Promise<C> | undefined
  readonly #what: string
  readonly #loader: () => Promise<{ default: C }>

  /** `what`: how the failure names it ("The walk-in form could not be loaded"). */
  constructor(what: string, loader: () => Promise<{ default: C }>) {
    this.#what = what
    this.#loader = loader
  }

  load(): Promise<C> {
    if (this.component) return Promise.resolve(this.component)
    this.#pending ??= this.#loader().then(
      (module) => {
        this.component = module.default
        this.#pending = undefined
        return module.default
      },
      (err: unknown) => {
        this.#pending = undefined
        throw codeLoadFailed(this.#what, err)
      }
    )
    return this.#pending
  }
}
