import '@testing-library/jest-dom/vitest'
import { describe, expect, it } from 'vitest'
import { render, screen, within } from '@testing-library/svelte'
import CheckinList from '../../../src/renderer/src/components/kiosk/CheckinList.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { buildApi } from '../../../src/preload/api'
import { formats } from '../../../src/shared/format/formats'

/**
 * Today's kiosk check-ins write the time as the visitor's row above says it ("Checked in at the kiosk at
 * 10:42"): one format for one moment on one screen. Before, the list wrote it with its seconds
 * ("10:42:37") beside the row's "10:42".
 */
describe('kiosk check-ins on Today: the time as the row says it', () => {
  it('writes the check-in time without seconds, as formats().time does', async () => {
    const at = new Date()
    at.setHours(10, 42, 37, 0)
    setApiForTests(
      buildApi(
        async (channel) =>
          channel === 'kiosk.checkins'
            ? {
                ok: true,
                result: {
                  items: [
                    {
                      id: 'a',
                      at: at.toISOString(),
                      visitorId: 'v-a',
                      name: 'Tom Berg',
                      company: 'Acme',
                      host: 'Mia Lund',
                      printed: true,
                      output: 'printer',
                      offline: false
                    }
                  ]
                }
              }
            : { ok: false, error: { kind: 'server', message: `unscripted ${channel}`, retryable: false } },
        () => () => undefined
      )
    )
    const { unmount } = render(CheckinList)
    const table = await screen.findByRole('table')
    const row = (await within(table).findAllByRole('row')).find((r) => r.textContent?.includes('Tom Berg'))!
    const cell = within(row).getAllByRole('cell')[0]!
    expect(cell.textContent).toBe(formats().time(at))
    expect(cell.textContent).not.toContain('37')
    unmount()
  })
})
