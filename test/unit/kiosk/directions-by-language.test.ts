import { describe, expect, it } from 'vitest'
import { KioskSettingsStore } from '../../../src/main/services/kiosk/kiosk-settings'
import { directionsTextIn, shownDirections } from '../../../src/shared/kiosk/directions'
import { memoryStore } from '../../support/memory-store'

/**
 * The kiosk's directions per language: the visitor's language's text, else the desk language's marked
 * with its language; settings saved before they were kept per language (one text) are the desk
 * language's text until Settings saves them per language.
 */
describe('which directions the kiosk shows', () => {
  const settings = (byLanguage: Record<string, string>, directions = '') => ({
    directions,
    directionsByLanguage: byLanguage
  })

  it("the visitor's language's text, in the page's language (no lang of its own)", () => {
    expect(
      shownDirections(settings({ de: 'Aufzug in den 3. Stock.', es: 'Ascensor a la planta 3.' }), 'es', 'de')
    ).toEqual({
      text: 'Ascensor a la planta 3.',
      lang: undefined
    })
  })

  it("none in the visitor's language: the desk language's, marked with its language; none at all: nothing", () => {
    expect(shownDirections(settings({ de: 'Aufzug in den 3. Stock.', es: '  ' }), 'es', 'de')).toEqual({
      text: 'Aufzug in den 3. Stock.',
      lang: 'de'
    })
    expect(shownDirections(settings({ de: 'Aufzug in den 3. Stock.' }), 'de', 'de')).toEqual({
      text: 'Aufzug in den 3. Stock.',
      lang: undefined
    })
    expect(shownDirections(settings({ fr: 'Ascenseur.' }), 'es', 'de')).toBeNull()
  })

  it('the old one text is the desk language’s: shown to a Spanish visitor marked German, in the German field', () => {
    const old = settings({}, 'Aufzug in den 3. Stock.')
    expect(shownDirections(old, 'es', 'de')).toEqual({ text: 'Aufzug in den 3. Stock.', lang: 'de' })
    expect(directionsTextIn(old, 'de', 'de')).toBe('Aufzug in den 3. Stock.')
    expect(directionsTextIn(old, 'es', 'de')).toBe('')
    // A language's own text comes before the old one.
    expect(shownDirections(settings({ de: 'Neu.' }, 'Alt.'), 'es', 'de')).toEqual({ text: 'Neu.', lang: 'de' })
  })
})

describe('the settings main keeps', () => {
  it('old settings (one text) read as before; saved per language, the one text is gone', async () => {
    const store = memoryStore()
    store.set('kiosk', { idleSeconds: 90, directions: 'Aufzug in den 3. Stock.', deskName: 'Empfang' })
    const kept = new KioskSettingsStore(store)
    expect(kept.get()).toMatchObject({ directions: 'Aufzug in den 3. Stock.', idleSeconds: 90, deskName: 'Empfang' })
    expect(shownDirections(kept.get(), 'es', 'de')).toEqual({ text: 'Aufzug in den 3. Stock.', lang: 'de' })

    const saved = await kept.save({
      idleSeconds: 90,
      deskName: 'Empfang',
      directions: '',
      directionsByLanguage: { en: '', de: 'Aufzug in den 3. Stock.', fr: '', es: 'Ascensor a la planta 3.' }
    })
    expect(saved.directions).toBe('')
    expect(store.get('kiosk')).toMatchObject({
      directions: '',
      directionsByLanguage: { de: 'Aufzug in den 3. Stock.', es: 'Ascensor a la planta 3.' }
    })
    expect(shownDirections(new KioskSettingsStore(store).get(), 'es', 'de')).toEqual({
      text: 'Ascensor a la planta 3.',
      lang: undefined
    })
  })
})
