import '@testing-library/jest-dom/vitest'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte'
import VisitorForm from '../../../src/renderer/src/components/visitors/VisitorForm.svelte'
import ErrorNotice from '../../../src/renderer/src/components/ErrorNotice.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { sites } from '../../../src/renderer/src/stores/sites.svelte'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { scriptedBridge } from '../../support/fake-bridge'
import { AppError } from '../../../src/shared/errors'

const topology = {
  groups: [
    {
      id: 'g1',
      name: 'Lobby',
      type: 'floor',
      floors: [
        {
          id: 'f1',
          name: 'Ground',
          doors: [
            { id: 'd1', name: 'Front' },
            { id: 'd2', name: 'Side' }
          ]
        }
      ]
    }
  ]
}

/**
 * The visitor form and the shared words follow the desk's language as it is switched, the form left
 * open (no restart, no reopening): labels, the doors' counts by the language's plurals, the
 * reasons' words (the console's value still sent), and an error notice's Try again.
 */
describe('the visitor form in the desk’s language', () => {
  beforeEach(() => sites.reset())
  afterEach(() => {
    cleanup()
    deskLanguage.choose(null)
  })

  it('switches from English to German and French while open, keeping what was typed', async () => {
    const { bridge } = scriptedBridge({ 'sites.topology': () => ({ ok: true, result: topology }) })
    setApiForTests(bridge)
    render(VisitorForm, { onsaved: () => undefined, oncancel: () => undefined })
    await fireEvent.input(screen.getByLabelText('First name'), { target: { value: 'Greta' } })
    expect(screen.getByRole('button', { name: 'Create visitor' })).toBeInTheDocument()
    expect(await screen.findByText('(2 doors)')).toBeInTheDocument()

    deskLanguage.choose('de')
    expect(await screen.findByLabelText('Vorname')).toHaveValue('Greta')
    expect(screen.getByRole('heading', { name: 'Neuer Besucher' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Besucher erfassen' })).toBeInTheDocument()
    expect(screen.getByText('(2 Türen)')).toBeInTheDocument()
    expect(screen.getByRole('option', { name: 'Geschäftlich' })).toHaveValue('Business')
    expect(screen.getByRole('group', { name: /Türen, die der Besucher öffnen darf/ })).toBeInTheDocument()

    deskLanguage.choose('fr')
    expect(await screen.findByLabelText('Prénom')).toHaveValue('Greta')
    expect(screen.getByText('(2 portes)')).toBeInTheDocument()
    expect(screen.queryByText(/Create visitor|Besucher erfassen/)).toBeNull()
  })

  it('an error notice’s own words follow the language; the error’s message stays as main gave it', async () => {
    render(ErrorNotice, {
      error: new AppError({ kind: 'network', message: 'The console did not answer.', retryable: true }),
      onretry: () => undefined
    })
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument()
    deskLanguage.choose('es')
    expect(await screen.findByRole('button', { name: 'Reintentar' })).toBeInTheDocument()
    expect(screen.getByText('The console did not answer.')).toBeInTheDocument()
  })
})
