import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte'
import VisitorsScreen from '../../../src/renderer/src/screens/VisitorsScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { announcer } from '../../../src/renderer/src/lib/action-outcome.svelte'
import { visitors } from '../../../src/renderer/src/stores/visitors.svelte'
import { sites } from '../../../src/renderer/src/stores/sites.svelte'
import type { Visitor } from '../../../src/shared/access/visitors'
import { readBackEnglish } from '../../../src/shared/read-back-words'
import { scriptedBridge } from '../../support/fake-bridge'
import { visitorFixture } from '../../support/visitor-fixture'

const rosa: Visitor = visitorFixture('v1', 'Rosa', 'Jensen')

afterEach(() => {
  cleanup()
  visitors.reset()
  sites.reset()
})

/** A cancel whose answer was lost and which main read back cancelled (`readBack`): said as read back. */
describe('Visitors: a cancel read back after its answer was lost', () => {
  it('the outcome and its one announcement say the visit is cancelled, then the read-back sentence', async () => {
    const state = { rosa }
    const { bridge } = scriptedBridge({
      'sites.topology': () => ({ ok: true, result: { groups: [] } }),
      'visitors.list': () => ({ ok: true, result: { items: [state.rosa], total: 1 } }),
      'visitors.get': () => ({ ok: true, result: state.rosa }),
      'visitors.capabilities': () => ({ ok: true, result: { canEdit: true } }),
      'visitors.qrState': () => ({ ok: true, result: { assigned: false, pngBase64: null } }),
      'visitors.cancel': () => {
        state.rosa = { ...state.rosa, status: 'CANCELLED' }
        return { ok: true, result: { cancelled: true, readBack: true } }
      }
    })
    setApiForTests(bridge)
    render(VisitorsScreen)
    const table = await screen.findByTestId('visitors-table')
    await fireEvent.click(within(table).getByRole('button', { name: 'Rosa Jensen' }))
    await screen.findByTestId('visitor-details')
    await fireEvent.click(screen.getByRole('button', { name: 'Cancel visit…' }))
    await fireEvent.click(await screen.findByRole('button', { name: 'Cancel visit' }))
    const note = await screen.findByTestId('cancel-note')
    expect(note.textContent).toMatch(/^Visit cancelled\./)
    expect(note.textContent!.endsWith(readBackEnglish)).toBe(true)
    await expect.poll(() => announcer.message).toMatch(/^Visit cancelled/)
    expect(announcer.message.endsWith(readBackEnglish)).toBe(true)
    expect(document.activeElement).not.toBe(document.body)
  })
})
