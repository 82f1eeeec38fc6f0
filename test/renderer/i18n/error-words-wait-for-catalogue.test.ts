import '@testing-library/jest-dom/vitest'
import { afterAll, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/svelte'
import { flushSync } from 'svelte'
import ErrorNotice from '../../../src/renderer/src/components/ErrorNotice.svelte'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { errorWords, errorWordsLoaded } from '../../../src/renderer/src/lib/i18n/error-words.svelte'
import { AppError } from '../../../src/shared/errors'

/** A Save refused for a missing permission (HTTP 403), as main's access/errors.ts makes it. */
const permission = new AppError({
  kind: 'permission',
  code: 'HTTP_403',
  message: 'The API token lacks the permission `edit:visitor` needed for Update visitor (E19).',
  hint: "Add `edit:visitor` to the token's scopes in Access → Settings → General → Advanced → API Token, or use a token that has it.",
  details: { endpoint: 'E19', status: 403, what: 'Update visitor (E19)', permission: 'edit:visitor' }
})
const english = /The API token lacks|Add `?edit:visitor`? to the token/

/**
 * The first error of a desk in German is the one that loads the errors catalogue: its words wait for
 * it (lib/i18n/error-words.svelte.ts), so the English main sent is never in the page, not even for
 * the moment the catalogue takes. This file starts with no catalogue loaded (each file its own modules).
 */
describe('an error on a desk in another language never shows English while its words load', () => {
  afterAll(() => {
    cleanup()
    void deskLanguage.choose(null)
  })

  it('a 403 under Save: the notice is there at once, focused, and says German only once it can', async () => {
    await deskLanguage.choose('de')
    const seen: string[] = []
    const observer = new MutationObserver(() => seen.push(document.body.textContent ?? ''))
    observer.observe(document.body, { subtree: true, childList: true, characterData: true })
    // The words as they are the moment an error is shown, before any catalogue could load.
    expect(errorWords(permission.toData()).message).not.toMatch(english)
    render(ErrorNotice, { error: permission, focus: true })
    flushSync()
    seen.push(document.body.textContent ?? '')
    const alert = screen.getByRole('alert')
    // The focus is on the notice from the start (never on the page body while the words load).
    expect(document.activeElement).toBe(alert)
    await errorWordsLoaded()
    await expect.poll(() => alert.textContent).toContain('Dem API-Token fehlt die Berechtigung edit:visitor')
    seen.push(document.body.textContent ?? '')
    observer.disconnect()
    expect(seen.filter((text) => english.test(text))).toEqual([])
    expect(alert.querySelector('strong')).not.toHaveAttribute('lang')
  })
})
