import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/svelte'
import BadgesScreen from '../../../src/renderer/src/screens/BadgesScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { badgeDesk } from '../../../src/renderer/src/stores/badges.svelte'
import { printerStatusOf } from '../../../src/shared/badges/printer-state'
import { printerNotReady } from '../../../src/main/services/printing/printer-failure'
import { notPrinted } from '../../../src/main/services/badges/history'
import { scriptedBridge } from '../../support/fake-bridge'

/**
 * Badges' print history says why a badge was not printed in the desk's language: main records the
 * failure's code and facts beside its English (notPrinted), the screen words them. An entry written
 * before the facts were kept shows its English as recorded, marked lang="en" for a screen reader.
 */
const lobby = { url: 'ipp://10.0.0.9:631/ipp/print', displayName: 'Lobby' }
const outOfLabels = printerStatusOf('stopped', ['media-empty-error'], true)
const wire = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T

const entryOf = (id: string, name: string, failed: object) => ({
  id,
  visitorId: id,
  name,
  company: '',
  host: '',
  validFrom: 0,
  validTo: 1,
  stock: 'dk-11202',
  printedAt: new Date().toISOString(),
  output: 'printer',
  printer: 'Lobby',
  failed
})

afterEach(async () => {
  cleanup()
  await deskLanguage.choose(null)
})

describe('Badges’ print history: “Not printed” in the desk’s language', () => {
  it('de: a failure recorded with its facts is worded in German; an old English entry is shown as given', async () => {
    await deskLanguage.choose('de')
    const oldReason = 'The printer “Lobby” is out of labels. No badge was printed.'
    const history = [
      entryOf('h2', 'Ivo Brandt', notPrinted(printerNotReady(lobby, outOfLabels))),
      entryOf('h1', 'Rosa Jensen', { reason: oldReason })
    ]
    const { bridge } = scriptedBridge({
      'badges.settings': () => ({
        ok: true,
        result: { siteName: 'HQ', logoDataUrl: null, stock: 'dk-11202', printer: null, silent: false }
      }),
      'badges.history': () => ({ ok: true, result: { items: wire(history) } }),
      'badges.printers': () => ({ ok: true, result: { available: false, items: [] } }),
      'app.info': () => ({ ok: true, result: { name: 'Access Desk', version: '0', transport: 'web' } })
    })
    setApiForTests(bridge)
    badgeDesk.visitorId = null
    badgeDesk.reprintOf = null
    render(BadgesScreen)

    await screen.findByTestId('badge-history')
    const failed = () => screen.getAllByTestId('history-failed')
    await expect
      .poll(() => failed()[0]!.textContent, { timeout: 5000 })
      .toContain('Nicht gedruckt: Der Drucker „Lobby“ hat keine Etiketten mehr. Es wurde kein Ausweis gedruckt.')
    expect(failed()[0]).toHaveTextContent('Legen Sie eine neue Etikettenrolle ein')
    expect(failed()[0]).not.toHaveTextContent(/out of labels|No badge/)
    expect(failed()[0]!.querySelector('[lang]')).toBeNull()
    // Written before the facts were kept: its English, as recorded, read with an English voice.
    expect(failed()[1]).toHaveTextContent(`Nicht gedruckt: ${oldReason}`)
    expect(failed()[1]!.querySelector('[lang="en"]')).toHaveTextContent(oldReason)
  })
})
