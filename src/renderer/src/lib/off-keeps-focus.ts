/**
 * A button off while what it started runs (busy), or for any other reason, keeps the focus it holds:
 * `disabled` only while it does not have the focus. A focused button turned `disabled` drops the focus
 * to the page's fallback (the screen's title) mid-action, and the outcome then finds it there; kept on
 * the button, the outcome moves it on (the error, or back to the button). While off and focused its
 * click is refused here (a second press sends nothing); it is marked off by aria-disabled, which the
 * caller sets. SendButton holds every send button to this; a plain button off while busy uses it as
 * `use:offKeepsFocus={off}`. test/renderer/common/busy-buttons-keep-focus.test.ts holds every button.
 */
export function offKeepsFocus(node: HTMLButtonElement, off: boolean) {
  let isOff = off
  const apply = () => {
    node.disabled = isOff && node.ownerDocument.activeElement !== node
  }
  // Before any handler of the button's own (Svelte's are delegated to the root, after this).
  const refuse = (event: Event) => {
    if (!isOff) return
    event.preventDefault()
    event.stopImmediatePropagation()
  }
  node.addEventListener('click', refuse, true)
  // Left while off: disabled from then on, as any button off.
  node.addEventListener('blur', apply)
  apply()
  return {
    update(now: boolean) {
      isOff = now
      apply()
    },
    destroy() {
      node.removeEventListener('click', refuse, true)
      node.removeEventListener('blur', apply)
    }
  }
}
