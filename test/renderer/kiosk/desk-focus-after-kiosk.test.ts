import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, screen, waitFor } from '@testing-library/svelte'
import { renderDeskWithNoConsole } from '../../support/desk-shell'

afterEach(() => cleanup())

/**
 * Leaving kiosk mode in web mode loads the desk anew with nothing focused: the screen's title takes
 * the focus, never the page body.
 */
describe('the desk loaded after kiosk mode', () => {
  it('puts the focus on the current screen heading, not on the body', async () => {
    ;(document.activeElement as HTMLElement | null)?.blur()
    renderDeskWithNoConsole()
    // Once the connection is read (the screens are mounted anew for it), the title holds the focus.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 })))
  })
})
