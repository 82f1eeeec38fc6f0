import '@testing-library/jest-dom/vitest'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte'
import VisitorForm from '../../../src/renderer/src/components/visitors/VisitorForm.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { sites } from '../../../src/renderer/src/stores/sites.svelte'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { scriptedBridge } from '../../support/fake-bridge'

const topology = { groups: [{ id: 'g1', name: 'Lobby', type: 'floor', floors: [] }] }

/** The message shown under a field (its aria-describedby), or null. */
const messageOf = (field: HTMLElement) => {
  const id = field.getAttribute('aria-describedby')
  return id ? (document.getElementById(id)?.textContent ?? null) : null
}

describe('the visitor form’s field messages in the desk’s language', () => {
  beforeEach(() => sites.reset())
  afterEach(() => {
    cleanup()
    deskLanguage.choose(null)
  })

  it('says what to fix in German, a length by the schema’s limit, and follows a switch back to English', async () => {
    const { bridge, calls } = scriptedBridge({ 'sites.topology': () => ({ ok: true, result: topology }) })
    setApiForTests(bridge)
    deskLanguage.choose('de')
    render(VisitorForm, { onsaved: () => undefined, oncancel: () => undefined })
    // Taken before the messages show: a field's label then reads its message too.
    const first = await screen.findByLabelText('Vorname')
    const last = screen.getByLabelText('Nachname')
    const email = screen.getByLabelText('E-Mail')
    await fireEvent.input(last, { target: { value: 'x'.repeat(70) } })
    await fireEvent.input(email, { target: { value: 'greta-at-example' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Besucher erfassen' }))

    await expect.poll(() => messageOf(first)).toBe('Geben Sie den Vornamen ein.')
    expect(messageOf(last)).toBe('Der Nachname darf höchstens 64 Zeichen lang sein.')
    expect(messageOf(email)).toBe(
      'Geben Sie eine E-Mail-Adresse wie name@example.com ein oder lassen Sie das Feld leer.'
    )
    // Nothing was sent, and nothing typed is lost.
    expect(calls.filter(([channel]) => channel === 'visitors.create')).toHaveLength(0)
    expect(email).toHaveValue('greta-at-example')

    deskLanguage.choose('en')
    await expect.poll(() => messageOf(first)).toBe('Enter the first name.')
    expect(messageOf(email)).toBe('Enter an email like name@example.com, or leave it empty.')
  })
})
