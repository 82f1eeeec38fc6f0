import '@testing-library/jest-dom/vitest'
import { readFileSync, readdirSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import KioskSettingsPanel from '../../../src/renderer/src/components/kiosk/KioskSettingsPanel.svelte'
import BadgeSettingsPanel from '../../../src/renderer/src/components/badges/BadgeSettingsPanel.svelte'
import BadgePrinters from '../../../src/renderer/src/components/badges/BadgePrinters.svelte'
import AddConsoleForm from '../../../src/renderer/src/screens/settings/AddConsoleForm.svelte'
import AuditScreen from '../../../src/renderer/src/screens/AuditScreen.svelte'
import ImportScreen from '../../../src/renderer/src/screens/ImportScreen.svelte'
import { announcer } from '../../../src/renderer/src/lib/action-outcome.svelte'
import type { BatchService } from '../../../src/main/services/batches/batch-service'
import { importOnBatchService } from '../import/import-on-batch-service'
import { tempDir } from '../../support/temp'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import {
  savedForms,
  clearSavedFormTyping,
  keptTyping,
  type SavedForm
} from '../../../src/renderer/src/lib/saved-form-typing.svelte'
import { connection } from '../../../src/renderer/src/stores/connection.svelte'
import type { ChannelName } from '../../../src/shared/ipc/contract'
import type { Envelope } from '../../../src/shared/ipc/define'
import { scriptedBridge } from '../../support/fake-bridge'

afterEach(() => {
  cleanup()
  clearSavedFormTyping()
})

/** Import's forms are answered by main's own batch service, its batches on disk here. */
let data: Awaited<ReturnType<typeof tempDir>>
beforeAll(async () => {
  data = await tempDir()
})
afterAll(async () => {
  await data?.remove()
})

/**
 * Every form saved by its Save button (lib/saved-form-typing's `savedForms`) keeps what was typed and not
 * saved when its screen is left: typed, the form unmounted (the screen left), shown again (the screen back),
 * the typing is there and said ("Not saved yet", Put back); Save sends it, and main holds it afterwards.
 * A form added to `savedForms` without a case here fails; a `<form>` of the renderer that neither keeps
 * its typing by the mechanism nor is named below as not saved by a Save button fails too.
 */

/** A main that keeps what it is sent, answering per channel (`state` read after Save). */
function fakeMain(answers: Partial<Record<ChannelName, (input: unknown) => unknown>>) {
  const wrapped = Object.fromEntries(
    Object.entries(answers).map(([channel, answer]) => [
      channel,
      async (input: unknown): Promise<Envelope> => ({ ok: true, result: await answer!(input) })
    ])
  )
  setApiForTests(scriptedBridge(wrapped).bridge)
}

interface Case {
  /** The form's screen shown (again): the form once its saved values are in. */
  show(): Promise<HTMLElement>
  type(form: HTMLElement): Promise<void>
  /** The typing is in the form again. */
  typed(form: HTMLElement): void
  /** Save, as a person does (and whatever the save asks before it sends). */
  save(form: HTMLElement): Promise<void>
  /** What main holds afterwards. */
  stored(): Promise<void>
}

const input = (field: HTMLElement, value: string) => fireEvent.input(field, { target: { value } })

function kioskCase(): Case {
  let held = { pinSet: true, idleSeconds: 15, directions: '', deskName: 'Recepción' } as Record<string, unknown>
  fakeMain({
    'kiosk.settings': () => held,
    'kiosk.saveSettings': (sent) => {
      const { directionsByLanguage, idleSeconds, deskName } = sent as Record<string, unknown>
      held = { pinSet: true, idleSeconds, deskName, directions: '', directionsByLanguage }
      return held
    }
  })
  return {
    async show() {
      render(KioskSettingsPanel)
      const panel = await screen.findByTestId('kiosk-settings')
      await within(panel).findByTestId('kiosk-directions-es', {}, { timeout: 5_000 })
      return panel
    },
    async type(form) {
      await input(within(form).getByTestId('kiosk-directions-es'), 'Ascensor a la planta 3.')
      await input(within(form).getByLabelText(/Back to the welcome screen after/), '30')
    },
    typed(form) {
      expect(within(form).getByTestId('kiosk-directions-es')).toHaveValue('Ascensor a la planta 3.')
      expect(within(form).getByLabelText(/Back to the welcome screen after/)).toHaveValue(30)
    },
    async save(form) {
      await fireEvent.click(within(form).getByRole('button', { name: 'Save kiosk settings' }))
    },
    async stored() {
      await waitFor(() =>
        expect(held).toMatchObject({ idleSeconds: 30, directionsByLanguage: { es: 'Ascensor a la planta 3.' } })
      )
    }
  }
}

function badgeSettingsCase(): Case {
  let held = { siteName: '', logoDataUrl: null, stock: 'dk-11202', printer: null, silent: false }
  fakeMain({ 'badges.saveSettings': (sent) => (held = sent as typeof held) })
  return {
    async show() {
      render(BadgeSettingsPanel, {
        props: { settings: held as never, printers: { available: false, items: [] }, onsaved: () => undefined }
      })
      return screen.getByRole('form', { name: 'Badge settings' })
    },
    async type(form) {
      await input(within(form).getByLabelText(/site name/i), 'Sede Madrid')
    },
    typed(form) {
      expect(within(form).getByLabelText(/site name/i)).toHaveValue('Sede Madrid')
    },
    async save(form) {
      await fireEvent.click(within(form).getByRole('button', { name: 'Save settings' }))
    },
    async stored() {
      await waitFor(() => expect(held.siteName).toBe('Sede Madrid'))
    }
  }
}

function addPrinterCase(): Case {
  const added: unknown[] = []
  fakeMain({
    'badges.probePrinter': (sent) => ({ url: (sent as { url: string }).url, certificate: null }),
    'badges.addPrinter': (sent) => {
      added.push(sent)
      return {
        printer: { name: 'ipp-lobby', displayName: 'Lobby', isDefault: false, kind: 'ipp' },
        status: { state: 'idle', reasons: [], words: 'Ready' }
      }
    }
  })
  return {
    async show() {
      render(BadgePrinters, { props: { printers: [], stock: 'dk-11202', onchanged: async () => undefined } })
      return screen.getByTestId('badge-printers')
    },
    async type(form) {
      await input(within(form).getByLabelText(/address/i), 'ipp://192.168.1.40/ipp/print')
      await input(within(form).getByLabelText(/^Name/), 'Lobby')
    },
    typed(form) {
      expect(within(form).getByLabelText(/address/i)).toHaveValue('ipp://192.168.1.40/ipp/print')
      expect(within(form).getByLabelText(/^Name/)).toHaveValue('Lobby')
    },
    async save(form) {
      await fireEvent.click(within(form).getByRole('button', { name: 'Add printer' }))
    },
    async stored() {
      await waitFor(() => expect(added).toEqual([{ url: 'ipp://192.168.1.40/ipp/print', name: 'Lobby' }]))
    }
  }
}

function addConsoleCase(): Case {
  const fp = Array.from({ length: 32 }, () => 'CD').join(':')
  const certificate = {
    fingerprint256: fp,
    subject: 'CN=Access console',
    issuer: 'CN=Access console',
    validFrom: '2026-01-01T00:00:00.000Z',
    validTo: '2036-01-01T00:00:00.000Z'
  }
  const profiles: Record<string, unknown>[] = []
  let saved: Record<string, unknown> | null = null
  fakeMain({
    'connections.list': () => ({ profiles, activeId: null }),
    'connections.probe': () => certificate,
    'connections.save': (sent) => {
      saved = sent as Record<string, unknown>
      const { name, url } = saved as { name: string; url: string }
      const profile = { id: 'madrid', name, url, fingerprint256: fp, demo: false, hasToken: true, tokenStorage: 'file' }
      profiles.push(profile)
      return profile
    },
    'connections.select': () => profiles[0],
    'connections.certificate': () => ({ id: 'madrid', pinned: fp, presented: certificate, changed: false })
  })
  return {
    async show() {
      await connection.load()
      render(AddConsoleForm)
      return screen.getByRole('form', { name: 'Add a console' })
    },
    async type(form) {
      await input(within(form).getByRole('textbox', { name: 'Name' }), 'Sede Madrid')
      await input(within(form).getByRole('textbox', { name: 'Address' }), 'https://10.0.8.2:12445')
      await input(within(form).getByLabelText('API token'), 'tok-madrid')
    },
    typed(form) {
      expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveValue('Sede Madrid')
      expect(within(form).getByRole('textbox', { name: 'Address' })).toHaveValue('https://10.0.8.2:12445')
      expect(within(form).getByLabelText('API token')).toHaveValue('tok-madrid')
    },
    async save(form) {
      await fireEvent.click(within(form).getByRole('button', { name: 'Check certificate' }))
      await fireEvent.click(await within(form).findByRole('checkbox', { name: /I compared the fingerprint/ }))
      await fireEvent.click(within(form).getByRole('button', { name: 'Save and use' }))
    },
    async stored() {
      await waitFor(() =>
        expect(saved).toMatchObject({ name: 'Sede Madrid', url: 'https://10.0.8.2:12445', token: 'tok-madrid' })
      )
    }
  }
}

function retentionCase(): Case {
  let retentionDays = 365
  fakeMain({
    'audit.list': () => ({ items: [], total: 0, all: 0, consoles: [], retentionDays }),
    'audit.setRetention': (sent) => {
      retentionDays = (sent as { days: number }).days
      return { retentionDays, pruned: 0 }
    }
  })
  const days = (form: HTMLElement) => within(form).getByRole('textbox', { name: /days/i })
  return {
    async show() {
      render(AuditScreen)
      const form = screen.getByRole('form', { name: /keep/i })
      // Shown once main's days are in (or the days typed before).
      await waitFor(() => expect(days(form)).not.toHaveValue(''))
      return form
    },
    async type(form) {
      await input(days(form), '400')
    },
    typed(form) {
      expect(days(form)).toHaveValue('400')
    },
    async save(form) {
      await fireEvent.click(within(form).getByRole('button', { name: 'Save' }))
    },
    async stored() {
      await waitFor(() => expect(retentionDays).toBe(400))
    }
  }
}

/**
 * Import's new batch: the screen left with the form open and typed in, Import shows the form again with
 * the typing (no New batch… to press); Create batch creates the batch main holds.
 */
function newBatchCase(): Case {
  let service: Promise<BatchService> | undefined
  let shown = 0
  return {
    async show() {
      await (service ??= importOnBatchService(data.path))
      render(ImportScreen)
      await screen.findByTestId('batch-title')
      if (shown++ === 0) await fireEvent.click(screen.getByRole('button', { name: 'New batch…' }))
      return screen.findByRole('form', { name: 'New batch' })
    },
    async type(form) {
      await input(within(form).getByRole('textbox', { name: 'Name' }), 'North wing')
      await fireEvent.click(within(form).getByRole('checkbox'))
    },
    typed(form) {
      expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveValue('North wing')
      expect(within(form).getByRole('checkbox')).toBeChecked()
    },
    async save(form) {
      await fireEvent.click(within(form).getByRole('button', { name: 'Create batch' }))
    },
    async stored() {
      await waitFor(async () =>
        expect((await (await service!).list()).batches.find((b) => b.name === 'North wing')).toMatchObject({
          byteOrder: 'reversed'
        })
      )
    }
  }
}

/**
 * A line of the CSV file open in Import's preview, corrected in place: the screen left with the line's
 * correction typed, Import shows that line's form again with the typing; Check line writes it into the
 * file, and Add puts it in the batch main holds.
 */
function csvLineFixCase(): Case {
  let service: Promise<BatchService> | undefined
  let shown = 0
  const nfcId = (form: HTMLElement) => within(form).getByRole('textbox', { name: 'NFC ID' })
  const alias = (form: HTMLElement) => within(form).getByRole('textbox', { name: 'Alias (optional)' })
  return {
    async show() {
      await (service ??= importOnBatchService(data.path))
      render(ImportScreen)
      await screen.findByTestId('batch-title')
      if (shown++ === 0) {
        const file = new File(['04A1B2C3,Desk-1\n04A1B2CG,Desk-2\n'], 'gate.csv', { type: 'text/csv' })
        await fireEvent.change(screen.getByLabelText('CSV file to import'), { target: { files: [file] } })
        await fireEvent.click(await screen.findByRole('button', { name: 'Fix line 2' }))
      }
      return screen.findByTestId('csv-line-fix')
    },
    async type(form) {
      await input(nfcId(form), '04A1B2C4')
      await input(alias(form), 'Desk-2b')
    },
    typed(form) {
      expect(nfcId(form)).toHaveValue('04A1B2C4')
      expect(alias(form)).toHaveValue('Desk-2b')
    },
    async save(form) {
      await fireEvent.click(within(form).getByRole('button', { name: 'Check line' }))
      await waitFor(() => expect(announcer.message).toBe('Line 2 checked again: ok.'))
      await fireEvent.click(screen.getByRole('button', { name: 'Add 2 valid rows to the batch' }))
    },
    async stored() {
      await waitFor(async () => {
        const svc = await service!
        const batch = await svc.get((await svc.list()).batches[0]!.id)
        expect(batch.rows.map((r) => [r.nfcId, r.alias])).toEqual([
          ['04A1B2C3', 'Desk-1'],
          ['04A1B2C4', 'Desk-2b']
        ])
      })
    }
  }
}

const cases: Record<SavedForm, () => Case> = {
  'settings.kiosk': kioskCase,
  'settings.add-console': addConsoleCase,
  'badges.settings': badgeSettingsCase,
  'badges.add-printer': addPrinterCase,
  'audit.retention': retentionCase,
  'import.new-batch': newBatchCase,
  'import.csv-line-fix': csvLineFixCase
}

describe('every form saved by its Save button keeps what was typed when its screen is left', () => {
  it('has a case here for every form of savedForms', () => {
    expect(Object.keys(cases).sort()).toEqual([...savedForms].sort())
  })

  for (const form of savedForms) {
    it(`${form}: typed, left, back — the typing is there and said; Save sends it and main holds it`, async () => {
      const c = cases[form]()
      await c.type(await c.show())
      // Leaving the screen unmounts the form.
      cleanup()
      const back = await c.show()
      c.typed(back)
      const note = within(back).getByRole('region', { name: 'Not saved yet' })
      expect(note).toHaveTextContent('what you typed here before leaving this screen is kept')
      await c.save(back)
      await c.stored()
      // Saved: nothing is said kept any more (a form that closes once saved, as a new batch's, is gone
      // with its note), and nothing is kept for coming back.
      await waitFor(() => expect(screen.queryByRole('region', { name: 'Not saved yet' })).toBeNull())
      await waitFor(() => expect(keptTyping(form)).toBeNull())
    }, 20_000)
  }

  it('Put back shows the saved values again and keeps nothing', async () => {
    const c = badgeSettingsCase()
    await c.type(await c.show())
    cleanup()
    const back = await c.show()
    await fireEvent.click(within(back).getByRole('button', { name: 'Put the saved values back' }))
    expect(within(back).getByLabelText(/site name/i)).toHaveValue('')
    cleanup()
    const again = await c.show()
    expect(within(again).getByLabelText(/site name/i)).toHaveValue('')
    expect(within(again).queryByRole('region', { name: 'Not saved yet' })).toBeNull()
  })
})

/**
 * The renderer's other forms, by file, each with why it is not one of `savedForms`: its typing is kept
 * by another mechanism, or it is not saved by a Save button (a search, a dialog that holds the screen).
 */
const notSavedForms: Record<string, string[]> = {
  'components/cards/CardDetails.svelte': ['an inline edit of one record: lib/record-drafts'],
  'components/touch-passes/TouchPassDetails.svelte': ['an inline edit of one record: lib/record-drafts'],
  'components/visitors/VisitorForm.svelte': ['a record form: lib/form-drafts'],
  'components/edits/ConflictDialog.svelte': ['a dialog: the screen is not left while it is open'],
  'components/kiosk/ExitDialog.svelte': ['a dialog: the screen is not left while it is open'],
  'components/touch-passes/AssignManyDialog.svelte': ['a dialog: the screen is not left while it is open'],
  'components/touch-passes/PurchaseDialog.svelte': ['a dialog: the screen is not left while it is open'],
  'screens/settings/ChangeTokenDialog.svelte': ['a dialog: the screen is not left while it is open'],
  'components/fleet/FindAcrossConsoles.svelte': ['a search'],
  'screens/BadgesScreen.svelte': ['a search'],
  'screens/TouchPassesScreen.svelte': ['a search'],
  'screens/VisitorsScreen.svelte': ['a search'],
  'screens/kiosk/KioskApp.svelte': ['the kiosk’s search for a visit'],
  'screens/AuditScreen.svelte': ['the filters: applied by Apply, kept by the audit store'],
  'screens/ImportScreen.svelte': ['a card typed into a batch: added by Add, kept on disk at once'],
  'screens/roster/MappingStep.svelte': ['a roster’s columns: kept by the roster store (columnEdits)']
}

function svelteFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? svelteFiles(path) : path.endsWith('.svelte') ? [path] : []
  })
}

describe('every <form> of the renderer is accounted for', () => {
  it('keeps its typing by lib/saved-form-typing, or is named here as not saved by a Save button', () => {
    const root = join(__dirname, '../../../src/renderer/src')
    const unaccounted: string[] = []
    for (const path of svelteFiles(root)) {
      const source = readFileSync(path, 'utf8')
      const forms = source.match(/<form\b/g)?.length ?? 0
      if (!forms) continue
      const file = relative(root, path)
      const keeping = source.match(/new SavedFormTyping\b/g)?.length ?? 0
      const named = notSavedForms[file]?.length ?? 0
      if (keeping + named !== forms) unaccounted.push(`${file}: ${forms} forms, ${keeping} kept, ${named} named`)
    }
    expect(unaccounted).toEqual([])
  })
})
