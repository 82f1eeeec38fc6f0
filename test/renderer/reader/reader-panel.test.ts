import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/svelte'
import ReaderPanel from '../../../src/renderer/src/components/import/ReaderPanel.svelte'
import type { ReaderStatus } from '../../../src/shared/reader/schemas'

const props = (status: ReaderStatus | null) => ({
  status,
  error: null,
  taps: [],
  present: null,
  onselect: () => {},
  onretry: () => {}
})

describe('Reader panel status', () => {
  it('announces the state and what to do in a live region, and follows it as it changes', async () => {
    const view = render(ReaderPanel, props({ state: 'ready', message: 'Ready: hold a card on R.', readers: ['R'] }))
    const live = screen.getByRole('status')
    expect(live.textContent).toContain('Ready: hold a card on R.')
    expect(screen.getByText(/Tap a card on the reader/)).toBeVisible()

    await view.rerender(
      props({
        state: 'restarting',
        message: 'Reader service restarting…',
        hint: 'Leave a card on the reader: it is picked up as soon as the service is back.',
        readers: []
      })
    )
    // The same live region (assistive technology announces changes of a region it already knows).
    expect(screen.getByRole('status')).toBe(live)
    expect(live.textContent).toContain('Reader service restarting…')
    expect(live.textContent).toContain('Leave a card on the reader')
    expect(screen.getByTestId('reader-state').dataset['state']).toBe('restarting')
    expect(screen.getByText('Taps appear here once a reader is ready.')).toBeVisible()

    await view.rerender(
      props({ state: 'no-service', message: 'PC/SC service stopped: …', hint: 'Start it with …', readers: [] })
    )
    expect(live.textContent).toContain('PC/SC service stopped')
    expect(live.textContent).toContain('Start it with')
  })
})
