import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte'
import LanguageSetting from '../../../src/renderer/src/components/settings/LanguageSetting.svelte'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { announcer } from '../../../src/renderer/src/lib/action-outcome.svelte'

afterEach(() => {
  cleanup()
  deskLanguage.choose(null)
  announcer.message = ''
})

/** The walk: a language chosen in Settings was said by nothing; it is one action, said once, in the new language. */
describe('a language change is said in the app’s live region', () => {
  it('"Sprache: Deutsch" once German is chosen, "Language: English" back in English', async () => {
    render(LanguageSetting)
    const select = await screen.findByRole('combobox', { name: 'Language' })
    await fireEvent.change(select, { target: { value: 'de' } })
    await expect.poll(() => announcer.message).toBe('Sprache: Deutsch')
    await fireEvent.change(await screen.findByRole('combobox', { name: 'Sprache' }), { target: { value: 'en' } })
    await expect.poll(() => announcer.message).toBe('Language: English')
  })
})
