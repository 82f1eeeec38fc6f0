import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/svelte'
import ErrorNotice from '../../../src/renderer/src/components/ErrorNotice.svelte'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { AppError } from '../../../src/shared/errors'

/** A token without `edit:visitor`, as main's access/errors.ts makes it (its English, its facts in details). */
const permission = new AppError({
  kind: 'permission',
  code: 'HTTP_403',
  message: 'The API token lacks the permission `edit:visitor` needed for Create visitor (E17).',
  hint: "Add `edit:visitor` to the token's scopes in Access → Settings → General → Advanced → API Token, or use a token that has it.",
  details: { endpoint: 'E17', status: 403, what: 'Create visitor (E17)', permission: 'edit:visitor' }
})

describe('an error notice in the desk’s language', () => {
  afterEach(() => {
    cleanup()
    deskLanguage.choose(null)
  })

  it('says main’s error in English, then in German when the desk switches, the key still the console’s', async () => {
    deskLanguage.choose('en')
    render(ErrorNotice, { error: permission })
    const alert = screen.getByRole('alert')
    expect(alert).toHaveTextContent('The API token lacks the permission edit:visitor needed for Create visitor (E17).')

    deskLanguage.choose('de')
    await expect
      .poll(() => alert.textContent)
      .toContain('Dem API-Token fehlt die Berechtigung edit:visitor, die Besucher anlegen (E17) braucht.')
    expect(alert).toHaveTextContent('Fügen Sie edit:visitor den Berechtigungen des Tokens hinzu')
    // The permission key stays code, as the console names it.
    expect(alert.querySelector('code')).toHaveTextContent('edit:visitor')
  })

  it('keeps the console’s own words as given, labelled as the console’s', async () => {
    deskLanguage.choose('de')
    render(ErrorNotice, {
      error: new AppError({
        kind: 'conflict',
        code: 'HTTP_409',
        message: 'Create visitor (E17) failed. The console says: “Visitor locked”.',
        details: { endpoint: 'E17', status: 409, what: 'Create visitor (E17)', consoleMsg: 'Visitor locked' }
      })
    })
    await expect
      .poll(() => screen.getByRole('alert').textContent)
      .toContain('Besucher anlegen (E17) ist fehlgeschlagen. Die Konsole meldet: „Visitor locked“.')
  })

  it('keeps main’s words for an error it does not word, marked English for a screen reader', async () => {
    deskLanguage.choose('de')
    render(ErrorNotice, {
      error: new AppError({ kind: 'conflict', code: 'SOMETHING_NEW', message: 'Main says this.', hint: 'And this.' })
    })
    const alert = screen.getByRole('alert')
    expect(alert.querySelector('strong')).toHaveTextContent('Main says this.')
    expect(alert.querySelector('p')).toHaveTextContent('And this.')
    await expect.poll(() => alert.querySelector('strong')?.getAttribute('lang')).toBe('en')
    expect(alert.querySelector('p')).toHaveAttribute('lang', 'en')
  })

  it('marks no language on words said in the desk’s own', async () => {
    deskLanguage.choose('de')
    render(ErrorNotice, { error: permission })
    const alert = screen.getByRole('alert')
    await expect.poll(() => alert.textContent).toContain('Dem API-Token fehlt')
    expect(alert.querySelector('strong')).not.toHaveAttribute('lang')
  })
})
