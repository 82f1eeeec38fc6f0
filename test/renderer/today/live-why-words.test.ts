import { describe, expect, it } from 'vitest'
import { Translator } from '../../../src/shared/i18n/translator'
import { LANGUAGES } from '../../../src/shared/i18n/locales'
import { liveWhyKeys, type LiveWhy } from '../../../src/shared/today/live-why'
import { liveWhyEnglish } from '../../../src/main/services/today/live-why-english'
import { todayLiveLine } from '../../../src/renderer/src/stores/today-live-line'
import type { TodayWords } from '../../../src/renderer/src/lib/i18n/today-messages.svelte'

const catalogues = Object.fromEntries(
  await Promise.all(
    LANGUAGES.map(
      async (l) =>
        [
          l,
          (await import(`../../../src/shared/i18n/messages/today/${l}.json`)).default as Record<string, string>
        ] as const
    )
  )
)

/** Every reason, with the facts main sends with it. */
const reasons: Record<(typeof liveWhyKeys)[number], LiveWhy> = {
  noKey: { key: 'noKey', permission: 'view:device' },
  tokenRefused: { key: 'tokenRefused' },
  unsupported: { key: 'unsupported', minVersion: '1.20.11' },
  answered: { key: 'answered', status: 502 },
  notOpened: { key: 'notOpened', detail: 'connect ECONNREFUSED 127.0.0.1:12445' },
  closedByConsole: { key: 'closedByConsole', code: 1008 },
  closed: { key: 'closed', code: 1006 }
}

const line = (language: string, why: LiveWhy) =>
  todayLiveLine(
    {
      serviceDown: false,
      consoleDown: false,
      source: { kind: 'polling', everySeconds: 15, reason: liveWhyEnglish(why), why },
      asOf: null,
      listKeyMissing: null
    } as Parameters<typeof todayLiveLine>[0],
    new Translator(language as never, catalogues[language]!) as unknown as TodayWords
  ).text

/**
 * Why Today polls is said in the desk's language: main sends the reason as facts (shared/today/live-why.ts)
 * with its English beside them for the CLI and the log. Before, the reason was main's English only, so a
 * German desk read "Aktualisierung alle 15 s: this token lacks view:device…".
 */
describe('why Today reads on an interval', () => {
  it.each(LANGUAGES.filter((l) => l !== 'en'))('is said in %s, never in main’s English', (language) => {
    for (const why of Object.values(reasons)) {
      const said = line(language, why)
      expect(said).not.toContain(liveWhyEnglish(why))
      // The facts are in it.
      for (const value of Object.values(why).filter((v) => v !== why.key)) expect(said).toContain(String(value))
    }
  })

  it('is in English what main writes for the CLI and the log, whole (one sentence each)', () => {
    for (const why of Object.values(reasons)) {
      expect(line('en', why)).toBe(`Updating every 15 s: ${liveWhyEnglish(why)}.`)
      expect(liveWhyEnglish(why)).not.toMatch(/\{|live\.why/)
    }
    expect(liveWhyEnglish(reasons.closedByConsole)).toBe(
      'the console closed the notifications (1008); they are tried again every minute'
    )
  })
})
