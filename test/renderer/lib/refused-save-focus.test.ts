import '@testing-library/jest-dom/vitest'
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import KioskSettingsPanel from '../../../src/renderer/src/components/kiosk/KioskSettingsPanel.svelte'
import BadgeSettingsPanel from '../../../src/renderer/src/components/badges/BadgeSettingsPanel.svelte'
import VisitorForm from '../../../src/renderer/src/components/visitors/VisitorForm.svelte'
import CsvLineFix from '../../../src/renderer/src/components/import/CsvLineFix.svelte'
import KioskApp from '../../../src/renderer/src/screens/kiosk/KioskApp.svelte'
import ExitDialog from '../../../src/renderer/src/components/kiosk/ExitDialog.svelte'
import { kioskEnglish } from '../../../src/shared/kiosk/kiosk-english'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { clearSavedFormTyping } from '../../../src/renderer/src/lib/saved-form-typing.svelte'
import { scriptedBridge } from '../../support/fake-bridge'
import { renderAudit } from '../audit/audit-screen-fixture'
import { limitedFields } from './limited-fields'

/**
 * One rule for every form (lib/action-outcome's `focusFirstProblem`): a Save refused for a field's problem
 * takes the focus from the pressed button to the first field to correct, brought into view; never left on
 * the button or the page body. Every form that marks a field `aria-invalid` is listed here with a case, or
 * named below with why it never refuses a Save for a field; a form added without either fails.
 */
interface RefusedSave {
  where: string
  /** The component, under src/renderer/src. */
  file: string
  /** Renders the form, makes its field wrong, and returns the button that saves. */
  refuse(): Promise<HTMLElement>
}

const refusals: RefusedSave[] = [
  {
    where: 'the visitor form: no first name',
    file: 'components/visitors/VisitorForm.svelte',
    async refuse() {
      setApiForTests(scriptedBridge({ 'sites.topology': () => ({ ok: true, result: { groups: [] } }) }).bridge)
      render(VisitorForm, { onsaved: () => undefined, oncancel: () => undefined })
      const form = await screen.findByTestId('visitor-form')
      return within(form)
        .getAllByRole('button')
        .find((b) => b.getAttribute('type') === 'submit')!
    }
  },
  {
    where: 'Settings → Kiosk: a PIN too short',
    file: 'components/kiosk/KioskSettingsPanel.svelte',
    async refuse() {
      const settings = { pinSet: false, idleSeconds: 60, directions: '', deskName: 'Front desk' }
      setApiForTests(scriptedBridge({ 'kiosk.settings': () => ({ ok: true, result: settings }) }).bridge)
      render(KioskSettingsPanel)
      const panel = await screen.findByTestId('kiosk-settings')
      await fireEvent.input(await within(panel).findByLabelText(/^Kiosk PIN/), { target: { value: '12' } })
      await fireEvent.input(within(panel).getByLabelText(/^The same PIN/), { target: { value: '12' } })
      return within(panel).getByRole('button', { name: 'Save kiosk settings' })
    }
  },
  {
    where: "Badges' settings: a site name too long",
    file: 'components/badges/BadgeSettingsPanel.svelte',
    async refuse() {
      render(BadgeSettingsPanel, {
        props: {
          settings: { siteName: 'HQ', logoDataUrl: null, stock: 'dk-11202', printer: null, silent: false },
          printers: { available: false, items: [] },
          onsaved: () => undefined
        }
      })
      await fireEvent.input(await screen.findByLabelText('Site name on the badge'), {
        target: { value: 's'.repeat(81) }
      })
      return screen.getByRole('button', { name: 'Save settings' })
    }
  },
  ...limitedFields.map((limited): RefusedSave => ({
    where: limited.where,
    file: limited.file,
    async refuse() {
      const { field, save } = await limited.show()
      await fireEvent.input(field, { target: { value: 'x'.repeat(limited.max + 1) } })
      return save
    }
  })),
  {
    where: "Audit's days to keep: not a number",
    file: 'screens/AuditScreen.svelte',
    async refuse() {
      renderAudit([])
      const days = await screen.findByLabelText('Days to keep')
      await fireEvent.input(days, { target: { value: 'a year' } })
      return within(days.closest('form')!).getByRole('button', { name: 'Save' })
    }
  },
  {
    where: "Import's line fix: no NFC ID",
    file: 'components/import/CsvLineFix.svelte',
    async refuse() {
      render(CsvLineFix, {
        about: 'cards.csv#1',
        row: { line: 3, alias: 'Desk 3', status: 'refused', messages: [] },
        written: ',Desk 3',
        busy: false,
        oncheck: () => undefined,
        ondrop: () => undefined,
        oncancel: () => undefined
      })
      return screen.findByRole('button', { name: 'Check line' })
    }
  },
  {
    where: "the kiosk's exit PIN: not numbers",
    file: 'components/kiosk/ExitDialog.svelte',
    async refuse() {
      // jsdom has no modal dialogs: opening one is all the dialog needs here.
      HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
        this.open = true
      }
      setApiForTests(scriptedBridge({ 'kiosk.exitWait': () => ({ ok: true, result: { waitSeconds: 0 } }) }).bridge)
      render(ExitDialog, { words: kioskEnglish(), onclose: () => undefined, onleft: () => undefined })
      await fireEvent.input(screen.getByLabelText('Kiosk PIN'), { target: { value: 'abcd' } })
      return screen.getByRole('button', { name: 'Leave kiosk mode' })
    }
  },
  {
    where: "the kiosk's name to find: nothing typed",
    file: 'screens/kiosk/KioskApp.svelte',
    async refuse() {
      const source = { online: true, loadedAt: new Date().toISOString(), visitors: 3, canCheckInOffline: 3 }
      const settings = { pinSet: true, idleSeconds: 60, directions: '', deskName: 'the front desk' }
      setApiForTests(
        scriptedBridge({
          'app.info': () => ({ ok: true, result: { transport: 'web' } }),
          'kiosk.refresh': () => ({ ok: true, result: { source, settings } })
        }).bridge
      )
      render(KioskApp)
      await fireEvent.click(await screen.findByRole('button', { name: 'English' }, { timeout: 10_000 }))
      await fireEvent.click(await screen.findByRole('button', { name: 'Check in' }))
      return screen.findByRole('button', { name: 'Continue' })
    }
  }
]

/**
 * Forms that mark a field and never refuse a Save for it with the focus elsewhere. Buy passes: its Buy is
 * off (aria-disabled, with its reason, components/common/SendButton) while the count is wrong, so it sends
 * nothing and keeps the focus where the reason is said; Enter in the count leaves the focus there too.
 */
const neverRefused: Record<string, string> = {
  'components/touch-passes/PurchaseDialog.svelte': 'Buy is off with its reason while the count is wrong'
}

const root = join(process.cwd(), 'src/renderer/src')
function svelteFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return svelteFiles(path)
    return name.endsWith('.svelte') ? [path] : []
  })
}

/** Where a refused focus lands, each element brought into view (jsdom has no scrollIntoView of its own). */
const broughtIntoView: Element[] = []
const original = HTMLElement.prototype.scrollIntoView
beforeAll(() => {
  HTMLElement.prototype.scrollIntoView = function (this: HTMLElement) {
    broughtIntoView.push(this)
  }
})
afterAll(() => {
  HTMLElement.prototype.scrollIntoView = original
})
afterEach(async () => {
  cleanup()
  clearSavedFormTyping()
  broughtIntoView.length = 0
  await deskLanguage.choose(null)
})

describe('a Save refused for a field takes the focus to the first field to correct', () => {
  it.each(refusals)('$where', async ({ refuse }) => {
    await deskLanguage.choose('en')
    const save = await refuse()
    save.focus()
    expect(save).toHaveFocus()
    await fireEvent.click(save)
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-invalid')).toBe('true'))
    const field = document.activeElement as HTMLElement
    // The first one marked in its form, and brought into view.
    expect(field.closest('form')!.querySelector('[aria-invalid="true"]')).toBe(field)
    expect(broughtIntoView).toContain(field)
  })

  it('every form that marks a field is listed with a case, or says why it never refuses a Save for it', () => {
    const listed = new Set(refusals.map((r) => r.file))
    const marking = svelteFiles(root)
      .filter((file) => {
        const source = readFileSync(file, 'utf8')
        return /<form\b/.test(source) && /aria-invalid=|<LimitMessage\b|<KioskPinField\b/.test(source)
      })
      .map((file) => relative(root, file))
    expect(marking.filter((file) => !listed.has(file) && !(file in neverRefused))).toEqual([])
    // And every form that calls the one helper has its case.
    const calling = svelteFiles(root)
      .filter((file) => readFileSync(file, 'utf8').includes('focusFirstProblem('))
      .map((file) => relative(root, file))
    expect(calling.filter((file) => !listed.has(file))).toEqual([])
  })
})
