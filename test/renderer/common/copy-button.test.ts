import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte'
import CopyButton from '../../../src/renderer/src/components/CopyButton.svelte'
import { announcer } from '../../../src/renderer/src/lib/action-outcome.svelte'

afterEach(() => cleanup())

describe('Copy says "Copied" in the app’s one live region', () => {
  it('copies, says it there, and is no live region itself', async () => {
    const writeText = vi.fn(async () => undefined)
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    const { container } = render(CopyButton, { text: '48152637', label: 'Copy PIN' })
    await fireEvent.click(screen.getByRole('button', { name: 'Copy PIN' }))
    expect(writeText).toHaveBeenCalledWith('48152637')
    await waitFor(() => expect(announcer.message).toBe('Copied'))
    expect(container.querySelectorAll('[aria-live], [role="status"]')).toHaveLength(0)
  })
})
