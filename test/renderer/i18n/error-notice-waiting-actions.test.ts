import '@testing-library/jest-dom/vitest'
import { afterAll, describe, expect, it } from 'vitest'
import { cleanup, render, screen, within } from '@testing-library/svelte'
import { flushSync } from 'svelte'
import ErrorNotice from '../../../src/renderer/src/components/ErrorNotice.svelte'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { errorWordsLoaded } from '../../../src/renderer/src/lib/i18n/error-words.svelte'
import { AppError } from '../../../src/shared/errors'

/** A read the console did not answer in time: retryable, so its notice offers Try again. */
const timeout = new AppError({
  kind: 'network',
  code: 'TIMEOUT',
  message: 'The console did not answer List users (E2) in time.',
  hint: 'Check the network to the console, then try again.',
  retryable: true,
  details: { what: 'List users (E2)' }
})
/** A refused token: its notice offers Open Connections (the remedy lives in Settings). */
const refused = new AppError({
  kind: 'auth',
  code: 'HTTP_401',
  message: 'The console refused the API token.',
  details: { status: 401, what: 'List users (E2)' }
})

/**
 * While an error's words load (the first error of a desk not in English), the notice is unseen
 * (ErrorNotice's `waiting`): it holds its place and, for an action, the focus — but no button, as
 * keyboard focus must never sit on a button nobody can see. Its actions come with its words, at once.
 * This file starts with no errors catalogue loaded (each file its own modules).
 */
describe('an error notice whose words load offers no unseen action', () => {
  afterAll(() => {
    cleanup()
    void deskLanguage.choose(null)
  })

  it('German, Try again and Open Connections: none while the words load, both with the words', async () => {
    await deskLanguage.choose('de')
    let retried = 0
    render(ErrorNotice, { error: timeout, focus: true, onretry: () => retried++ })
    render(ErrorNotice, { error: refused, focus: false })
    flushSync()
    const [first, second] = screen.getAllByRole('alert') as [HTMLElement, HTMLElement]
    // Unseen while its words load: nothing in it can be reached by Tab or clicked.
    expect(first).toHaveClass('waiting')
    expect(within(first).queryAllByRole('button')).toEqual([])
    expect(within(second).queryAllByRole('button')).toEqual([])
    // The notice itself holds the focus (a place, not a button), never the page body.
    expect(document.activeElement).toBe(first)

    await errorWordsLoaded()
    await expect.poll(() => first.textContent).toMatch(/Konsole/)
    expect(first).not.toHaveClass('waiting')
    const retry = within(first).getByRole('button', { name: 'Erneut versuchen' })
    retry.click()
    expect(retried).toBe(1)
    expect(second).not.toHaveClass('waiting')
    expect(within(second).getByRole('button')).toHaveTextContent(/Verbindungen/)
  })
})
