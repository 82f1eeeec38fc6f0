import type { CatalogChannel } from '../cli/catalog-types'
import type { Language } from '../shared/i18n/locales'

/**
 * Each channel's one-line summary in the CLI's language, for `channels` and `<channel> --help`. The
 * English is the contract's own (each channel's summary, src/shared/ipc/channels/*.ts): the source,
 * never copied. German, French and Spanish are src/shared/i18n/channel-summaries/<language>.json, keyed
 * by channel name; only the language asked for is loaded, and English loads nothing.
 * test/unit/cli/cli-channel-summaries.test.ts fails on a channel one of them lacks.
 */
const translations = {
  de: () => import('../shared/i18n/channel-summaries/de.json'),
  fr: () => import('../shared/i18n/channel-summaries/fr.json'),
  es: () => import('../shared/i18n/channel-summaries/es.json')
} satisfies Record<Exclude<Language, 'en'>, () => Promise<{ default: Record<string, string> }>>

/** The channels with their summaries in `language` (the contract's English where a translation is missing). */
export async function summariesIn<C extends CatalogChannel>(channels: readonly C[], language: Language): Promise<C[]> {
  if (language === 'en') return [...channels]
  const { default: said } = (await translations[language]()) as { default: Record<string, string | undefined> }
  return channels.map((channel) => ({ ...channel, summary: said[channel.name] ?? channel.summary }))
}
