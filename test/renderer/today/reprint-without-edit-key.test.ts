import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/svelte'
import TodayScreen from '../../../src/renderer/src/screens/TodayScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { today } from '../../../src/renderer/src/stores/today.svelte'
import { scriptedBridge } from '../../support/fake-bridge'
import { envelopedTodayView } from '../../support/today-window'
import { row, viewOf } from './today-bridge'

afterEach(() => {
  cleanup()
  today.reset()
})

/**
 * A token without edit:visitor (the reception walk, issue 31): Today turned off "Reprint badge…" for a
 * visitor whose badge and QR code stand, which Badges reprints with the same token; printing a first
 * badge assigns a QR code (edit:visitor) and stays off, naming the key.
 */
describe('Today with a token that lacks edit:visitor', () => {
  it('a reprint stays on (nothing to assign); a first print is off and names the key', async () => {
    const ok = (result: unknown) => ({ ok: true as const, result })
    const view = viewOf([
      row({ id: 'a', name: 'Walter Inn', badgePrinted: true, badgeOutput: 'pdf' }),
      row({ id: 'b', name: 'Rosa Jensen' })
    ])
    const { bridge } = scriptedBridge({
      'today.list': () => ok(view),
      'today.view': envelopedTodayView(() => ok(view)) as never,
      'today.watch': () =>
        ok({ kind: 'polling', everySeconds: 15, reason: 'test', why: { key: 'closed', code: 1006 } }),
      'today.unwatch': () => ok({ stopped: true }),
      'today.settings': () => ok({ walkInDoors: [] }),
      'today.capabilities': () => ok({ missing: ['edit:visitor'] }),
      'kiosk.checkins': () => ok({ items: [] })
    })
    setApiForTests(bridge)
    render(TodayScreen)
    const reprint = await screen.findByRole('button', { name: /Reprint .*Walter Inn/ })
    const first = screen.getByRole('button', { name: /Print badge for Rosa Jensen/ })
    await expect.poll(() => first.hasAttribute('disabled'), { timeout: 10_000 }).toBe(true)
    expect(first).toHaveAccessibleDescription(/edit:visitor/)
    expect(reprint).toBeEnabled()
  })
})
