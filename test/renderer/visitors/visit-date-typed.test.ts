import '@testing-library/jest-dom/vitest'
import { beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/svelte'
import VisitorForm from '../../../src/renderer/src/components/visitors/VisitorForm.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { sites } from '../../../src/renderer/src/stores/sites.svelte'
import { scriptedBridge } from '../../support/fake-bridge'

/**
 * A date the desk cannot read — a 6-digit year typed into "Valid until" (202604): the field keeps
 * "202604-04-05T10:00" as typed. The message says it is no date and time and how to type one in the
 * desk's language's order, not "Enter when the visit ends." (something is entered), and nothing is sent.
 */
describe('visitor form: a typed date that is not a date', () => {
  beforeEach(() => sites.reset())

  it('a 6-digit year in Valid until: "not a valid date" and what to type; nothing sent, the typing kept', async () => {
    const sent: unknown[] = []
    const { bridge } = scriptedBridge({
      'sites.topology': () => ({ ok: true, result: { groups: [] } }),
      'visitors.create': (input) => (
        sent.push(input),
        { ok: false as const, error: { kind: 'server' as const, message: 'not expected', retryable: false } }
      )
    })
    setApiForTests(bridge)
    render(VisitorForm, { onsaved: () => undefined, oncancel: () => undefined })
    await fireEvent.input(screen.getByLabelText('First name'), { target: { value: 'Rosa' } })
    await fireEvent.input(screen.getByLabelText('Last name'), { target: { value: 'Jensen' } })
    await fireEvent.change(screen.getByLabelText('Reason for the visit'), { target: { value: 'Business' } })
    const until = screen.getByLabelText('Valid until')
    await fireEvent.input(until, { target: { value: '202604-04-05T10:00' } })
    expect(until).toHaveValue('202604-04-05T10:00')
    await fireEvent.click(screen.getByRole('button', { name: 'Create visitor' }))

    const message = await screen.findByTestId('end-time-error')
    expect(message).toHaveTextContent(
      '“202604-04-05T10:00” is not a date and time: type it as MM/DD/YYYY HH:MM, for example 11/29/2026 08:00 AM.'
    )
    expect(message).not.toHaveTextContent('Enter when the visit ends.')
    expect(screen.getByLabelText(/^Valid until/)).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByLabelText(/^Valid until/)).toHaveValue('202604-04-05T10:00')
    expect(sent).toEqual([])
  })
})
