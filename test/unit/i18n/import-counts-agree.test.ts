import { describe, expect, it } from 'vitest'
import { Translator } from '../../../src/shared/i18n/translator'
import { formatParsed } from '../../../src/shared/i18n/format-parsed'
import { formatLocaleOf } from '../../../src/shared/i18n/locales'
import en from '../../../src/shared/i18n/messages/import/en.json'
import de from '../../../src/shared/i18n/messages/import/de.json'
import fr from '../../../src/shared/i18n/messages/import/fr.json'
import es from '../../../src/shared/i18n/messages/import/es.json'

/** Import's upload and check lines: every counted word agrees with its count, in each language. */
describe('Import’s upload and check summaries agree with their counts', () => {
  const fr_ = new Translator('fr', fr)
  const es_ = new Translator('es', es)
  const de_ = new Translator('de', de)

  it('says one sent and none imported in the singular in French, the plural in Spanish', () => {
    expect(fr_.t('upload.sent', { sent: 1, imported: 0, failed: 0, unknown: 0 })).toBe('1 envoyée : 0 importée.')
    expect(fr_.t('upload.sent', { sent: 3, imported: 2, failed: 1, unknown: 0 })).toMatch(
      /^3 envoyées : 2 importées, 1 en échec \(elle dit pourquoi/
    )
    expect(es_.t('upload.sent', { sent: 1, imported: 0, failed: 0, unknown: 2 })).toBe(
      '1 enviada: 0 importadas, 2 por comprobar.'
    )
    expect(de_.t('upload.sent', { sent: 2, imported: 2, failed: 0, unknown: 0 })).toBe('2 gesendet: 2 importiert.')
  })

  it('says a card found as now imported in the number it is', () => {
    expect(fr_.t('upload.checked', { found: 0, absent: 1 })).toBe(
      'Vérifié avec la console : 0 carte trouvée (désormais importée), 1 carte absente.'
    )
    expect(es_.t('upload.checkedAbsent', { found: 1, absent: 2 })).toMatch(/1 tarjeta encontrada \(ahora importada\)/)
    expect(fr_.t('upload.checkedAbsent', { found: 2, absent: 1 })).toMatch(/2 cartes trouvées \(désormais importées\)/)
  })

  it('keeps the English as it was', () => {
    const english = (key: keyof typeof en, values: Record<string, number>) =>
      formatParsed(en[key], formatLocaleOf('en'), values)
    expect(english('upload.sent', { sent: 3, imported: 1, failed: 1, unknown: 1 })).toBe(
      'Sent 3: 1 imported, 1 failed (each says why on its row: Go to failed row), 1 to check.'
    )
    expect(english('upload.sent', { sent: 2, imported: 2, failed: 0, unknown: 0 })).toBe('Sent 2: 2 imported.')
  })
})
