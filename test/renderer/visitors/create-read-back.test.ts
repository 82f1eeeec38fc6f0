import '@testing-library/jest-dom/vitest'
import { beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/svelte'
import VisitorForm from '../../../src/renderer/src/components/visitors/VisitorForm.svelte'
import type { CreatedHow } from '../../../src/renderer/src/components/visitors/created-words'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { sites } from '../../../src/renderer/src/stores/sites.svelte'
import type { Visitor } from '../../../src/shared/access/visitors'
import { scriptedBridge } from '../../support/fake-bridge'
import { visitorFixture } from '../../support/visitor-fixture'

/**
 * The one create path of Today's walk-in and Visitors (VisitorForm): a create main read back after
 * its answer was lost closes the form like any create, and hands the screen how it was known, so
 * Today says it was read back in the desk's language (today area, added.note).
 */
describe('visitor form: a create read back in main', () => {
  beforeEach(() => sites.reset())

  it('calls onsaved once with the visitor (no readBack field in it) and { readBack: true }', async () => {
    const now = Math.floor(Date.now() / 1000)
    const held = visitorFixture('v-read', 'Rosa', 'Jensen', {
      status: 'ACTIVE',
      start_time: now,
      end_time: now + 3600,
      resources: [{ id: 'd1', type: 'door', name: 'Lobby Door' }]
    })
    const { bridge } = scriptedBridge({
      'sites.topology': () => ({ ok: true, result: { groups: [] } }),
      'visitors.create': () => ({ ok: true, result: { ...held, readBack: true } })
    })
    setApiForTests(bridge)
    const saved: [Visitor, CreatedHow | undefined][] = []
    render(VisitorForm, {
      initialDoors: [{ id: 'd1', type: 'door' }],
      onsaved: (v: Visitor, how?: CreatedHow) => void saved.push([v, how]),
      oncancel: () => undefined
    })
    await fireEvent.input(screen.getByLabelText('First name'), { target: { value: 'Rosa' } })
    await fireEvent.input(screen.getByLabelText('Last name'), { target: { value: 'Jensen' } })
    await fireEvent.change(screen.getByLabelText('Reason for the visit'), { target: { value: 'Business' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Create visitor' }))
    await expect.poll(() => saved.length).toBe(1)
    expect(saved[0]![0]).toEqual(held)
    expect(saved[0]![1]).toEqual({ readBack: true })
  })
})
