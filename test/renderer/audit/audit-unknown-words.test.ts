import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, screen } from '@testing-library/svelte'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import type { Language } from '../../../src/shared/i18n/locales'
import importEn from '../../../src/shared/i18n/messages/import/en.json'
import importDe from '../../../src/shared/i18n/messages/import/de.json'
import importFr from '../../../src/shared/i18n/messages/import/fr.json'
import importEs from '../../../src/shared/i18n/messages/import/es.json'
import { auditRow, renderAudit } from './audit-screen-fixture'

afterEach(() => {
  cleanup()
  deskLanguage.choose(null)
})

/** Import's name of its check, as its row reasons quote it ("Use “Check with the console” before…"). */
const checkName = (reason: string) => /["“„«]\s?([^"“”„«»]+?)\s?["”“»]/.exec(reason)![1]!

/**
 * The Audit's header says what Unknown is: no usable answer — none came, it was lost, or an error page
 * came without the console's own code (the console answered, yet said nothing it did) — and that Import's
 * "Check with the console" settles it, by the name Import gives its check. In every language.
 */
describe("the Audit header's words for Unknown", () => {
  const cases: [Language, Record<string, string>, RegExp[]][] = [
    ['en', importEn, [/no usable answer/, /none came/, /lost/, /error page came without the console's own code/]],
    ['de', importDe, [/keine verwertbare Antwort/, /verloren/, /Fehlerseite ohne den eigenen Code der Konsole/]],
    [
      'fr',
      importFr,
      [/aucune réponse exploitable/, /perdue/, /page d’erreur est venue sans le code propre de la console/]
    ],
    ['es', importEs, [/respuesta utilizable/, /se perdió/, /página de error sin el código propio de la consola/]]
  ]

  for (const [language, importWords, causes] of cases) {
    it(`${language}: no usable answer, its three causes, and Import's check that settles it`, async () => {
      deskLanguage.choose(language === 'en' ? null : language)
      renderAudit([auditRow('r-1', { outcome: 'unknown', action: 'import' })])
      await screen.findByTestId('audit-table')
      // The desk's language is loaded on demand: its words replace the English once it is there.
      const intro = () => document.querySelector('.intro')?.textContent ?? ''
      await expect.poll(intro, { timeout: 10_000 }).toMatch(causes[0]!)
      for (const cause of causes) expect(intro()).toMatch(cause)
      const check = checkName(importWords['rowReason.errorAnswer']!)
      expect(check.length).toBeGreaterThan(5)
      expect(intro()).toContain(check)
    })
  }
})
