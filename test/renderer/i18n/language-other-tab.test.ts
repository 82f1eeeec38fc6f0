import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { deskLanguage, LANGUAGE_PREFERENCE } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { formatCount } from '../../../src/renderer/src/lib/numbers'

afterEach(() => deskLanguage.choose(null))

/**
 * A walk found Settings → Language changing only the tab it was set in: the desk's other tabs and the
 * kiosk's kept English. The choice is kept in the storage every tab of the desk shares; the browser
 * tells the other tabs with a `storage` event, which is what this tab receives here.
 */
describe('the desk’s language chosen in another tab', () => {
  it('is followed here at once: the locale, numbers and <html lang>; and “this computer’s” again', () => {
    expect(deskLanguage.locale).toBe('en')

    // Another tab chose German: it wrote the choice, this tab is told.
    localStorage.setItem(LANGUAGE_PREFERENCE, 'de')
    window.dispatchEvent(new StorageEvent('storage', { key: LANGUAGE_PREFERENCE, newValue: 'de' }))
    expect(deskLanguage.locale).toBe('de')
    expect(document.documentElement.lang).toBe('de')
    expect(formatCount(20000)).toBe('20.000')

    // Back to this computer's language there.
    localStorage.setItem(LANGUAGE_PREFERENCE, '')
    window.dispatchEvent(new StorageEvent('storage', { key: LANGUAGE_PREFERENCE, newValue: '' }))
    expect(deskLanguage.locale).toBe('en')
    expect(document.documentElement.lang).toBe('en')
  })
})
