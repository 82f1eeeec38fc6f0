import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte'
import { createRawSnippet, flushSync } from 'svelte'
import SendButton from '../../../src/renderer/src/components/common/SendButton.svelte'
import { serviceLink } from '../../../src/renderer/src/stores/connection-service.svelte'

/**
 * Issue 31, the one mechanism every send button uses: while web mode's service is down the button is
 * off (aria-disabled, its click refused) with the shared reason written under it and read with it, and
 * it keeps the focus; when the service is back it is on and sends again. Its own reason still disables it.
 */
const label = createRawSnippet(() => ({ render: () => '<span>Cancel visit</span>' }))
const REASON =
  /^Access Desk's service is not answering: this button is off until it is back, and nothing is sent by itself/

afterEach(() => {
  serviceLink.take('connected')
  cleanup()
})

describe('SendButton', () => {
  it('is off with the reason while the service is down, keeps the focus, and is on again when it is back', async () => {
    serviceLink.take('connected')
    const onclick = vi.fn()
    render(SendButton, { props: { onclick, children: label } })
    const button = screen.getByRole('button', { name: 'Cancel visit' })
    expect(button).toHaveAttribute('aria-disabled', 'false')
    expect(screen.queryByTestId('off-reason')).toBeNull()
    button.focus()

    serviceLink.take('lost')
    flushSync()
    expect(button).toHaveAttribute('aria-disabled', 'true')
    expect(button).not.toBeDisabled()
    expect(screen.getByTestId('off-reason')).toHaveTextContent(REASON)
    expect(button).toHaveAccessibleDescription(REASON)
    expect(document.activeElement).toBe(button)
    await fireEvent.click(button)
    expect(onclick).not.toHaveBeenCalled()

    serviceLink.take('connected')
    flushSync()
    expect(button).toHaveAttribute('aria-disabled', 'false')
    expect(screen.queryByTestId('off-reason')).toBeNull()
    await fireEvent.click(button)
    expect(onclick).toHaveBeenCalledTimes(1)
  })

  it('is disabled with its own reason shown, and both reasons while the service is down', () => {
    serviceLink.take('connected')
    render(SendButton, { props: { reason: 'Needs edit:visitor.', children: label } })
    const button = screen.getByRole('button', { name: 'Cancel visit' })
    expect(button).toBeDisabled()
    expect(button).toHaveAccessibleDescription('Needs edit:visitor.')
    serviceLink.take('refused')
    flushSync()
    expect(screen.getByTestId('off-reason').textContent).toMatch(/^Needs edit:visitor\. Access Desk's service/)
  })
})
