import type { Catalogue } from '../../../../shared/i18n/translator'
import { PSEUDO_LOCALE, type Locale } from '../../../../shared/i18n/locales'
import type { Area } from '../../../../shared/i18n/areas'

/**
 * Each area's catalogue in each language is its own chunk, loaded when first shown: a screen loads
 * its own words in the language it shows, nothing else (bench/bundle-size.bench.ts measures it).
 */
const files = import.meta.glob<Catalogue>('../../../../shared/i18n/messages/*/*.json', { import: 'default' })

const loaded = new Map<string, Promise<Catalogue>>()

async function read(area: Area, language: string): Promise<Catalogue> {
  const load = files[`../../../../shared/i18n/messages/${area}/${language}.json`]
  if (!load) throw new Error(`No ${language} catalogue for ${area}.`)
  return load()
}

/** An area's catalogue in a locale (the pseudo-locale generated from English), loaded once. */
export function loadCatalogue(area: Area, locale: Locale): Promise<Catalogue> {
  const key = `${area}/${locale}`
  let catalogue = loaded.get(key)
  if (!catalogue) {
    catalogue =
      locale === PSEUDO_LOCALE
        ? Promise.all([read(area, 'en'), import('../../../../shared/i18n/pseudo')]).then(([en, pseudo]) =>
            pseudo.pseudoCatalogue(en)
          )
        : read(area, locale)
    // A failed load is tried again next time (a chunk lost to a restart of web mode, say).
    catalogue.catch(() => loaded.delete(key))
    loaded.set(key, catalogue)
  }
  return catalogue
}
