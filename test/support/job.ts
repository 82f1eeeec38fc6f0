import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { expect } from 'vitest'
import type { Page } from 'playwright-core'
import { seriousA11yFindings } from './axe'
import { startWebMode, type Started, type WebModeInfo } from './processes'
import { openWebInChromium, type TestBrowser } from './web-in-chromium'
import { findDemoConsole } from './demo-found'
import shellEnglish from '../../src/shared/i18n/messages/shell/en.json'
import type { Answer } from '../unit/demo-console/support'

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- console records are read loosely; tests assert their fields
type Loose = any

export type ConsoleResource = 'users' | 'visitors' | 'cards' | 'touchPasses' | 'site'

/**
 * A whole job, as a person does it: web mode on a fresh data dir (first start → the built-in demo
 * console), Chromium at 1366×768, and the console behind the screens reachable for the test only
 * through its control API: `state()` reads what the console holds at the end, `control()` plays the
 * world outside the app (a tap on a networked reader, a fault). The console's address, token and
 * certificate are found as an operator would: the app's connection list and its data dir.
 */
export interface Job {
  page: Page
  browser: TestBrowser
  web: Started<WebModeInfo>
  dataDir: string
  demo: { url: string; token: string; ca: string }
  /** The console's stored records of one resource. */
  state(resource: ConsoleResource): Promise<Loose>
  /** A call to the demo console's control API (`/__demo` + path); fails the test on a non-2xx answer. */
  control(method: string, path: string, body?: unknown): Promise<Loose>
  /** A call to the Access API itself (`/api/v1/developer` + path), full token. */
  api(method: string, path: string, body?: unknown): Promise<Answer>
  /**
   * A call through the app's own bridge in the tab (`window.api.<ns>.<method>(input)`), as a screen
   * makes it: its result, or a throw with the app's message. For what the desk did beforehand (a
   * booking, a setting) that the test is not about.
   */
  desk(ns: string, method: string, input?: unknown): Promise<Loose>
  /** Go to a screen by its navigation button. */
  open(screen: string): Promise<void>
  /**
   * Waits until the tab has settled: every bridge call answered and the page unchanged for `quietMs`
   * (100 by default) — a screen's first read drawn, an action's outcome said (`launchChromium`).
   */
  settled(options?: { quietMs?: number }): Promise<void>
  /**
   * The desk's language as Settings keeps it (`access-desk.language` in the tab's storage), then the tab
   * read again, as after a restart: the app starts in that language.
   */
  chooseLanguage(locale: string): Promise<void>
  /** The `lang` attribute of the page's root element now (what a screen reader's voice follows). */
  lang(): Promise<string>
  /**
   * The desk's audit journal as written on disk (`<data>/audit/audit.jsonl`): one entry per write,
   * its action and outcome (`pending` while no answer is on record), oldest first.
   */
  audit(): Promise<{ action: string; outcome: string; code?: string; target?: string }[]>
  /** axe-core on what is shown now: no serious or critical finding (label says where, in the failure). */
  expectAccessible(label: string): Promise<void>
  close(): Promise<void>
}

export async function startJob(
  options: {
    /** Web mode's own time zone (TZ), e.g. UTC while the desk's browser is in another: the machine's by default. */
    serviceTimeZone?: string
  } = {}
): Promise<Job> {
  const zone = options.serviceTimeZone
  const { dataDir, web, browser, removeData } = await openWebInChromium({
    prefix: 'access-desk-job-',
    ...(zone ? { start: (data: string) => startWebMode(data, { timeZone: zone }) } : {})
  })
  const { page } = browser
  const close = async () => {
    await browser.close()
    await web.stop()
    await removeData()
  }
  const found = await findDemoConsole(page, dataDir).catch(async (err: unknown) => {
    await close()
    throw err
  })
  const demo = { url: found.url, token: found.token, ca: found.ca }
  const call = found.call
  return {
    page,
    browser,
    web,
    dataDir,
    demo,
    async state(resource) {
      const answer = await call('GET', `/__demo/state/${resource}`)
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      return answer.body.data
    },
    async control(method, path, body) {
      const answer = await call(method, `/__demo${path}`, body)
      expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300)
      return answer.body?.data
    },
    api: (method, path, body) => call(method, `/api/v1/developer${path}`, body),
    desk: (ns, method, input) =>
      page.evaluate(
        async ([ns, method, input]) => {
          const bridge = window.api as unknown as Record<string, Record<string, (i: unknown) => Promise<unknown>>>
          const envelope = (await bridge[ns as string]![method as string]!(input)) as {
            ok: boolean
            result?: unknown
            error?: { message: string }
          }
          if (!envelope.ok) throw new Error(envelope.error!.message)
          return envelope.result
        },
        [ns, method, input] as const
      ),
    settled: (options) => browser.settled(options),
    async open(screen) {
      // By the screen's English name, whatever language the sidebar speaks: the name is looked up in the
      // shell's English catalogue and the button found by its screen id.
      const id = screenIdOf(screen)
      await (
        id
          ? page.getByRole('navigation').locator(`button[data-screen="${id}"]`)
          : page.getByRole('navigation').getByRole('button', { name: screen, exact: true })
      ).click()
    },
    async chooseLanguage(locale) {
      await page.evaluate((l) => localStorage.setItem('access-desk.language', l), locale)
      await page.reload()
    },
    lang: () => page.evaluate(() => document.documentElement.lang),
    async audit() {
      const text = await readFile(join(dataDir, 'audit', 'audit.jsonl'), 'utf8')
      const rows = new Map<string, { action: string; outcome: string; code?: string; target?: string }>()
      for (const line of text.split('\n').filter(Boolean)) {
        const entry = JSON.parse(line) as Loose
        if (entry.t === 'begin') {
          rows.set(entry.id, { action: entry.action, outcome: 'pending', target: entry.target?.kind })
        } else if (entry.t === 'end' && rows.has(entry.id)) {
          Object.assign(rows.get(entry.id)!, { outcome: entry.outcome, ...(entry.code ? { code: entry.code } : {}) })
        }
      }
      return [...rows.values()]
    },
    async expectAccessible(label) {
      expect(await seriousA11yFindings(page), label).toEqual([])
    },
    close
  }
}

/** The screen id whose English sidebar name is `name` ("Touch Passes" → "touchPasses"), if there is one. */
function screenIdOf(name: string): string | undefined {
  const entry = Object.entries(shellEnglish as Record<string, string>).find(
    ([key, words]) => key.startsWith('screen.') && words === name
  )
  return entry?.[0].slice('screen.'.length)
}
