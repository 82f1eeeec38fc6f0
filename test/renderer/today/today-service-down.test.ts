import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen, waitFor } from '@testing-library/svelte'
import TodayScreen from '../../../src/renderer/src/screens/TodayScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { connection } from '../../../src/renderer/src/stores/connection.svelte'
import { serviceLink } from '../../../src/renderer/src/stores/connection-service.svelte'
import { today } from '../../../src/renderer/src/stores/today.svelte'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { formatClock } from '../../../src/renderer/src/lib/local-time'
import { row, todayBridge, viewOf } from './today-bridge'

afterEach(() => {
  cleanup()
  today.reset()
  serviceLink.status = undefined
  deskLanguage.choose(null)
})

/**
 * Web mode's service stops while Today is open: main can push nothing more, so its last live source
 * ("Console notifications connected…") stays in the store. The live line follows the one connection
 * state the sidebar shows (serviceLink, then the console), not that word alone.
 */
/** Today open on Ann Berg's list, read at `readAt`, kept live by console notifications, the service answering. */
async function openToday(readAt?: number): Promise<() => void> {
  const { bridge } = todayBridge({
    // The screen's list names its watcher: main answers it with the live source it started.
    'today.list': () => ({
      ...viewOf([row({ id: 'a', name: 'Ann Berg' })], readAt),
      source: { kind: 'notifications', visitorEvents: false, backstopSeconds: 15 }
    })
  })
  setApiForTests(bridge)
  const stop = connection.listen()
  await connection.load()
  serviceLink.take('connected')
  render(TodayScreen)
  await screen.findByRole('button', { name: 'Ann Berg' }, { timeout: 5000 })
  return stop
}

describe('Today’s live line while web mode’s service is down', () => {
  it('says Not updating, as of the last read, with the sidebar’s words, and comes back with the service', async () => {
    const readAt = new Date(2026, 10, 23, 10, 42).getTime()
    const stop = await openToday(readAt)
    try {
      const line = screen.getByTestId('today-source')
      await waitFor(() => expect(line).toHaveTextContent('Console notifications connected'))

      serviceLink.take('lost')
      await waitFor(() => expect(line).toHaveTextContent('Not updating'))
      expect(line).toHaveTextContent("Access Desk's service is not answering (see the sidebar).")
      expect(line).toHaveTextContent(`Showing the list as of ${formatClock(readAt / 1000)}.`)
      expect(line).not.toHaveTextContent('Console notifications connected')
      expect(line.querySelector('.dot')).toHaveClass('down')
      // The list stays as read.
      expect(screen.getByRole('button', { name: 'Ann Berg' })).toBeInTheDocument()

      serviceLink.take('connected')
      await waitFor(() => expect(line).toHaveTextContent('Console notifications connected'))
    } finally {
      stop()
    }
  })

  it('on a German desk says it all in German: the sidebar’s words for the service, never English inside', async () => {
    deskLanguage.choose('de')
    const stop = await openToday()
    try {
      serviceLink.take('lost')
      const line = screen.getByTestId('today-source')
      await waitFor(() => expect(line).toHaveTextContent('Keine Aktualisierung'))
      expect(line).toHaveTextContent('Der Dienst von Access Desk antwortet nicht (siehe Seitenleiste).')
      expect(line).not.toHaveTextContent(/service|answering/)
    } finally {
      stop()
    }
  })
})
