import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/svelte'
import type { ConsoleReach } from '../../../src/shared/connections'
import type { Envelope } from '../../../src/shared/ipc/define'
import { ok } from '../enroll/event-bridge'
import { sidebarWithMain } from './sidebar-main'

const failing: ConsoleReach = { profileId: 'site', state: 'trouble', checkedAt: 1, message: 'Errors to every call.' }

/** Check again keeps the keyboard's place: never on the navigation or the page's body. */
describe('the sidebar’s Check again', () => {
  it('stays where the focus is while checking (presses ignored), then hands the focus to the state line', async () => {
    let answer: (reach: ConsoleReach) => void = () => undefined
    let asked = 0
    await sidebarWithMain((input) => {
      if (!(input as { recheck?: boolean } | undefined)?.recheck) return ok(failing)
      asked++
      return new Promise<Envelope>((resolve) => (answer = (reach) => resolve(ok(reach))))
    })
    const button = await screen.findByRole('button', { name: 'Check again' })
    button.focus()
    await fireEvent.click(button)

    // Checking: the same button, focused and usable by keyboard, says so; another press asks nothing more.
    await waitFor(() => expect(button).toHaveTextContent('Checking…'))
    expect(button).not.toBeDisabled()
    expect(button).toHaveAttribute('aria-disabled', 'true')
    expect(document.activeElement).toBe(button)
    await fireEvent.click(button)
    expect(asked).toBe(1)

    // Connected: the button goes; the focus is on the line that says so, not the body.
    answer({ profileId: 'site', state: 'reachable', checkedAt: 2 })
    await waitFor(() => expect(screen.getByTestId('console-answers')).toHaveTextContent('Connected'))
    await waitFor(() => expect(document.activeElement).not.toBe(document.body))
    expect(document.activeElement).toHaveTextContent(/^Connected$/)
  })
})
