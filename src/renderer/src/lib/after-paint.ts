/**
 * Resolves once the frame being prepared now is painted: what was just given to Svelte is on
 * screen, and work started after it no longer competes with drawing it. Without frames (a test
 * environment) it resolves on the next task.
 */
export function afterPaint(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(resolve, 0))
    else setTimeout(resolve, 0)
  })
}
