import '@testing-library/jest-dom/vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import KioskSettingsPanel from '../../../src/renderer/src/components/kiosk/KioskSettingsPanel.svelte'
import BadgeSettingsPanel from '../../../src/renderer/src/components/badges/BadgeSettingsPanel.svelte'
import VisitorForm from '../../../src/renderer/src/components/visitors/VisitorForm.svelte'
import ScheduleHarness from '../visitors/ScheduleHarness.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { anyTimeWeek } from '../../../src/shared/access/visitors'
import { scriptedBridge } from '../../support/fake-bridge'

/**
 * A form's field message is kept as words worked out when shown (lib/i18n/field-problems.ts), never as the
 * finished sentence of the language the form was checked in: each form's message, shown on a German desk,
 * is in Spanish once the desk is switched, and no German one is left. Every form that shows field
 * messages is listed here; test/unit/i18n/field-problems-worded.test.ts holds each one's problems to keys.
 * A field's length limit (lib/field-limit.svelte.ts) is said by the same mechanism on every form that has
 * one: test/renderer/lib/field-limits-never-cut.test.ts holds it to a switch of language too.
 */
afterEach(async () => {
  cleanup()
  await deskLanguage.choose(null)
})

const words = (area: string, language: string, key: string) =>
  (
    JSON.parse(
      readFileSync(join(process.cwd(), 'src/shared/i18n/messages', area, `${language}.json`), 'utf8')
    ) as Record<string, string>
  )[key]!

interface Form {
  where: string
  /** Renders the form on a German desk and makes it show its message. */
  produce: () => Promise<void>
  area: string
  key: string
  values?: Record<string, string>
}

const fill = (text: string, values: Record<string, string> = {}) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? `{${name}}`)

const forms: Form[] = [
  {
    where: 'Settings → Kiosk: a PIN too short',
    area: 'settings',
    key: 'kiosk.error.pin.invalid_format',
    async produce() {
      const settings = { pinSet: false, idleSeconds: 60, directions: '', deskName: 'Empfang' }
      setApiForTests(scriptedBridge({ 'kiosk.settings': () => ({ ok: true, result: settings }) }).bridge)
      render(KioskSettingsPanel)
      const panel = await screen.findByTestId('kiosk-settings')
      await fireEvent.input(await within(panel).findByLabelText(/^Kiosk-PIN/), { target: { value: '12' } })
      await fireEvent.input(within(panel).getByLabelText(/^Dieselbe PIN/), { target: { value: '12' } })
      await fireEvent.click(within(panel).getByRole('button', { name: 'Kiosk-Einstellungen speichern' }))
    }
  },
  {
    where: "Badges' settings: a site name too long",
    area: 'badges',
    key: 'settings.error.siteName.too_big',
    values: { max: '80' },
    async produce() {
      render(BadgeSettingsPanel, {
        props: {
          settings: { siteName: 'HQ', logoDataUrl: null, stock: 'dk-11202', printer: null, silent: false },
          printers: { available: false, items: [] },
          onsaved: () => undefined
        }
      })
      // The badges area's words load on demand: the form is used once they are in.
      const field = await screen.findByLabelText(words('badges', 'de', 'settings.siteName'))
      const form = field.closest('form')!
      await fireEvent.input(field, {
        target: { value: 's'.repeat(81) }
      })
      await fireEvent.click(within(form).getByRole('button', { name: words('badges', 'de', 'settings.save') }))
    }
  },
  {
    where: 'the weekly schedule: a range overlapping another',
    area: 'visitorForm',
    key: 'schedule.error.start_time.custom',
    // As German and Spanish desks write a clock (formats().clock): the console's "09:00:00" is never shown.
    values: { start: '09:00', end: '12:00' },
    async produce() {
      render(ScheduleHarness, {
        props: {
          initial: {
            ...anyTimeWeek(),
            monday: [
              { start_time: '09:00:00', end_time: '12:00:00' },
              { start_time: '11:00:00', end_time: '13:00:00' }
            ]
          }
        }
      })
    }
  },
  {
    where: 'the visitor form: no first name',
    area: 'visitorForm',
    key: 'error.first_name.too_small',
    async produce() {
      setApiForTests(scriptedBridge({ 'sites.topology': () => ({ ok: true, result: { groups: [] } }) }).bridge)
      render(VisitorForm, { onsaved: () => undefined, oncancel: () => undefined })
      const form = await screen.findByTestId('visitor-form')
      await fireEvent.submit(form)
    }
  }
]

describe('a field message follows a switch of the desk’s language', () => {
  it.each(forms)('$where', async ({ produce, area, key, values }) => {
    await deskLanguage.choose('de')
    await produce()
    const german = fill(words(area, 'de', key), values)
    const spanish = fill(words(area, 'es', key), values)
    const line = await screen.findByText(german)
    expect(line).toHaveClass('field-error')

    await deskLanguage.choose('es')
    await waitFor(() => expect(document.documentElement.lang).toBe('es'))
    await waitFor(() => expect(line).toHaveTextContent(spanish))
    expect(document.body.textContent).not.toContain(german)
  })
})
