import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte'
import LanguageSetting from '../../../src/renderer/src/components/settings/LanguageSetting.svelte'
import { deskLanguage, LANGUAGE_PREFERENCE } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { formatLocal } from '../../../src/renderer/src/lib/local-time'
import { formatCount } from '../../../src/renderer/src/lib/numbers'

afterEach(() => {
  cleanup()
  deskLanguage.choose(null)
})

/** 12 Jan 2026, 09:00 here. */
const jan12 = Math.floor(new Date(2026, 0, 12, 9, 0).getTime() / 1000)

describe('the desk’s language', () => {
  it('is this computer’s when not chosen (English here), and <html lang> says it', () => {
    expect(navigator.languages[0]).toMatch(/^en/)
    expect(deskLanguage.locale).toBe('en')
    expect(document.documentElement.lang).toBe('en')
  })

  it('is chosen in Settings and switched at once: the field’s words, dates, numbers and <html lang>', async () => {
    render(LanguageSetting)
    const select = await screen.findByRole('combobox', { name: 'Language' })
    expect(formatLocal(jan12)).toMatch(/Jan/)

    await fireEvent.change(select, { target: { value: 'de' } })

    expect(await screen.findByRole('combobox', { name: 'Sprache' })).toHaveValue('de')
    expect(document.documentElement.lang).toBe('de')
    expect(formatLocal(jan12)).toMatch(/12\. Jan/)
    expect(formatCount(20000)).toBe('20.000')
    expect(localStorage.getItem(LANGUAGE_PREFERENCE)).toBe('de')
  })

  it('is kept across restarts, and a stored value it does not speak is no choice', async () => {
    localStorage.setItem(LANGUAGE_PREFERENCE, 'fr')
    vi.resetModules()
    const again = await import('../../../src/renderer/src/lib/i18n/desk-language.svelte')
    expect(again.deskLanguage.locale).toBe('fr')
    expect(document.documentElement.lang).toBe('fr')

    localStorage.setItem(LANGUAGE_PREFERENCE, 'xx')
    vi.resetModules()
    const edited = await import('../../../src/renderer/src/lib/i18n/desk-language.svelte')
    expect(edited.deskLanguage.chosen).toBeNull()
    expect(edited.deskLanguage.locale).toBe('en')
  })

  it('goes back to this computer’s language', async () => {
    deskLanguage.choose('es')
    render(LanguageSetting)
    await fireEvent.change(await screen.findByRole('combobox', { name: 'Idioma' }), { target: { value: '' } })
    expect(await screen.findByRole('combobox', { name: 'Language' })).toHaveValue('')
    expect(deskLanguage.chosen).toBeNull()
    expect(localStorage.getItem(LANGUAGE_PREFERENCE)).toBe('')
  })
})
