import { afterAll, beforeAll } from 'vitest'

/**
 * jsdom lays nothing out: for a virtual list's test, every element gets an on-screen box of 900 × 320 px
 * whose content is `contentHeight` px tall, and scrolling moves its scrollTop (and fires `scroll`), as a
 * browser does. Installed for the calling test file (its beforeAll/afterAll), the prototypes restored after.
 */
export function useScrollBox(contentHeight: number): void {
  const sizes = ['offsetHeight', 'offsetWidth', 'scrollHeight', 'clientHeight'] as const
  const saved = sizes.map((name) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)] as const)
  const savedScrollTo = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollTo')
  const savedScrollTop = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollTop')
  const tops = new WeakMap<Element, number>()
  beforeAll(() => {
    Object.defineProperty(Element.prototype, 'scrollTop', {
      configurable: true,
      get(this: Element) {
        return tops.get(this) ?? 0
      },
      set(this: Element, value: number) {
        tops.set(this, value)
      }
    })
    Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => 320 })
    Object.defineProperty(HTMLElement.prototype, 'offsetWidth', { configurable: true, get: () => 900 })
    Object.defineProperty(HTMLElement.prototype, 'scrollHeight', { configurable: true, get: () => contentHeight })
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => 320 })
    Object.defineProperty(Element.prototype, 'scrollTo', {
      configurable: true,
      value(this: Element, options: ScrollToOptions) {
        this.scrollTop = options.top ?? this.scrollTop
        this.dispatchEvent(new Event('scroll'))
      }
    })
  })
  afterAll(() => {
    for (const [name, descriptor] of saved)
      if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor)
    if (savedScrollTop) Object.defineProperty(Element.prototype, 'scrollTop', savedScrollTop)
    if (savedScrollTo) Object.defineProperty(Element.prototype, 'scrollTo', savedScrollTo)
    else delete (Element.prototype as { scrollTo?: unknown }).scrollTo
  })
}
