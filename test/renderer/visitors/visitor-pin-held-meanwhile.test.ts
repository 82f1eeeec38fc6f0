import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte'
import VisitorsScreen from '../../../src/renderer/src/screens/VisitorsScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import type { Visitor } from '../../../src/shared/access/visitors'
import { scriptedBridge } from '../../support/fake-bridge'
import { visitorFixture } from '../../support/visitor-fixture'
import type { Envelope } from '../../../src/shared/ipc/define'

afterEach(() => cleanup())

const kai: Visitor = visitorFixture('v1', 'Kai', 'Nguyen', { resources: [] })

/**
 * The screen believed Kai had no PIN; another desk gave one meanwhile. Main refuses (PIN_HELD, nothing
 * changed); the screen then asks "Replace Kai Nguyen’s PIN?" as if it had known, and only a confirmed
 * replace is sent, saying so (`replace: true`).
 */
describe('Visitors: a PIN another desk gave meanwhile is replaced only when the person says so', () => {
  it('asks after the refusal; Replace sends replace: true', async () => {
    let holds = false
    const { bridge, calls } = scriptedBridge({
      'sites.topology': () => ({ ok: true, result: { groups: [] } }),
      'visitors.list': () => ({ ok: true, result: { items: [kai], total: 1 } }),
      'visitors.get': () => ({ ok: true, result: { ...kai, pin_code: holds ? { token: 'x'.repeat(64) } : null } }),
      'visitors.capabilities': () => ({ ok: true, result: { canEdit: true } }),
      'visitors.qrState': () => ({ ok: true, result: { assigned: false, pngBase64: null } }),
      'visitors.assignNewPin': (input): Envelope => {
        if (!(input as { replace?: boolean }).replace) {
          holds = true
          return {
            ok: false,
            error: {
              kind: 'conflict',
              code: 'PIN_HELD',
              message: 'Kai Nguyen already has a PIN; nothing was changed.',
              retryable: false
            }
          }
        }
        return { ok: true, result: { pin: '123456' } }
      }
    })
    setApiForTests(bridge)
    render(VisitorsScreen)
    const table = await screen.findByTestId('visitors-table')
    await fireEvent.click(within(table).getByRole('button', { name: 'Kai Nguyen' }))
    await fireEvent.click(await screen.findByRole('button', { name: 'Generate and assign PIN' }))

    const dialog = await screen.findByRole('dialog', { name: /Replace Kai Nguyen’s PIN\?/ })
    expect(calls.filter(([c]) => c === 'visitors.assignNewPin').map(([, i]) => i)).toEqual([
      { id: 'v1', replace: false }
    ])
    await fireEvent.click(within(dialog).getByRole('button', { name: 'Replace the PIN' }))
    expect(await screen.findByTestId('visitor-pin')).toHaveTextContent('123456')
    expect(calls.filter(([c]) => c === 'visitors.assignNewPin').map(([, i]) => i)).toEqual([
      { id: 'v1', replace: false },
      { id: 'v1', replace: true }
    ])
  })
})
