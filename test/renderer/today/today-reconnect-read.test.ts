import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen, waitFor } from '@testing-library/svelte'
import TodayScreen from '../../../src/renderer/src/screens/TodayScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { connection } from '../../../src/renderer/src/stores/connection.svelte'
import { serviceLink } from '../../../src/renderer/src/stores/connection-service.svelte'
import { today } from '../../../src/renderer/src/stores/today.svelte'
import { deskFormats } from '../../../src/renderer/src/lib/i18n/desk-formats'
import { row, todayBridge, viewOf } from './today-bridge'

afterEach(() => {
  cleanup()
  today.reset()
  serviceLink.status = undefined
})

/**
 * Web mode's service restarts while Today is open: nothing failed on screen (no error to read again
 * for), but "List read at" is as old as the last read before the restart. Today reads again as soon as
 * the service answers, so the time shown is the new read's, not one a minute old until the next push.
 */
describe('Today after web mode’s service comes back', () => {
  it('reads the list again at once: "List read at" is the new read’s time', async () => {
    const before = new Date(2026, 10, 23, 10, 42, 5).getTime()
    const after = new Date(2026, 10, 23, 10, 43, 17).getTime()
    let reads = 0
    const { bridge } = todayBridge({
      'today.list': () => viewOf([row({ id: 'a', name: 'Ann Berg' })], ++reads === 1 ? before : after),
      'today.watch': () => ({ kind: 'notifications', visitorEvents: true, backstopSeconds: 60 })
    })
    setApiForTests(bridge)
    const stop = connection.listen()
    await connection.load()
    try {
      serviceLink.take('connected')
      render(TodayScreen)
      await screen.findByText(`List read at ${deskFormats().timeWithSeconds(new Date(before))}`)
      serviceLink.take('lost')
      serviceLink.take('connected')
      await waitFor(() =>
        expect(screen.getByText(`List read at ${deskFormats().timeWithSeconds(new Date(after))}`)).toBeInTheDocument()
      )
      expect(reads).toBe(2)
    } finally {
      stop()
    }
  })
})
