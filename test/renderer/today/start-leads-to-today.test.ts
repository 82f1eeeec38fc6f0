import '@testing-library/jest-dom/vitest'
import { describe, expect, it } from 'vitest'
import { fireEvent, render, screen, within } from '@testing-library/svelte'
import StartScreen from '../../../src/renderer/src/screens/StartScreen.svelte'
import { router } from '../../../src/renderer/src/stores/router.svelte'

describe('Start: the reception desk begins on Today', () => {
  it("leads from the reception's card to Today first, its home screen", async () => {
    render(StartScreen)
    const card = screen.getByRole('heading', { name: 'Reception desk' }).closest('li')!
    const links = within(card).getAllByRole('link')
    expect(links[0]).toHaveTextContent('Open Today')
    await fireEvent.click(links[0]!)
    expect(router.current).toBe('today')
  })
})
