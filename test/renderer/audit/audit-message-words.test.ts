import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, screen, within } from '@testing-library/svelte'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { auditRow, renderAudit } from './audit-screen-fixture'

afterEach(() => {
  cleanup()
  deskLanguage.choose(null)
})

const refusal = auditRow('r-1', {
  action: 'update',
  endpoint: { id: 'E8', title: 'Update NFC card' },
  target: { kind: 'NFC card', id: 'tok-1' },
  outcome: 'refused',
  code: 'CODE_PARAMS_INVALID',
  message:
    'The console rejected the request as invalid. The console says: “alias: Too big: expected string to have <=255 characters”.',
  consoleMsg: 'alias: Too big: expected string to have <=255 characters'
})
const refusedHere = auditRow('h-1', {
  action: 'assign',
  endpoint: { id: '§3.7', title: 'Assign NFC card to user' },
  target: { kind: 'user' },
  outcome: 'notSent',
  code: 'MISSING_PARAM',
  said: { key: 'refusedHere', reason: 'Missing id for /users/:id/nfc_cards.' },
  message:
    'Not sent: this desk refused it before sending it, so nothing changed on the console. Its reason: Missing id for /users/:id/nfc_cards.'
})
const older = auditRow('o-1', { outcome: 'refused', code: 'CODE_X', message: 'Create visitor failed: CODE_X.' })

/**
 * An Audit row's outcome sentence on a desk in another language: the console's own words (its `msg`) are
 * labelled as the console's, in four languages, and marked `lang="en"`; "recorded in English" is left
 * for the desk's own English (a row recorded before facts, a reason its check gave). A call the desk
 * refused before sending it is Not sent, said in the desk's language with its reason.
 */
describe("the Audit says the console's words as the console's, and what never left the desk as Not sent", () => {
  it.each([
    ['de', 'Worte der Konsole'],
    ['fr', 'les mots de la console'],
    ['es', 'palabras de la consola']
  ] as const)("%s: a refusal's console words are labelled as the console's, lang en", async (language, label) => {
    deskLanguage.choose(language)
    renderAudit([refusal])
    const message = await screen.findByTestId('audit-message')
    await expect.poll(() => message.textContent!.trim()).toBe(`${label}: ${refusal.consoleMsg}`)
    expect(within(message).getByText(refusal.consoleMsg!)).toHaveAttribute('lang', 'en')
  })

  it("German: a row recorded before keeps “recorded in English”; the desk's refusal is Not sent with its reason", async () => {
    deskLanguage.choose('de')
    renderAudit([older, refusedHere])
    const table = await screen.findByTestId('audit-table')
    await expect.poll(() => within(table).queryByText('Nicht gesendet')).not.toBeNull()
    const [olderMessage, hereMessage] = within(table).getAllByTestId('audit-message')
    expect(olderMessage!.textContent!.trim()).toBe(`auf Englisch aufgezeichnet: ${older.message}`)
    expect(hereMessage!.textContent!.trim()).toBe(
      'Nicht gesendet: Dieser Empfang hat es vor dem Senden abgelehnt, auf der Konsole wurde nichts geändert. Der Grund: ' +
        'auf Englisch aufgezeichnet: Missing id for /users/:id/nfc_cards.'
    )
    expect(within(hereMessage!).getByText('Missing id for /users/:id/nfc_cards.')).toHaveAttribute('lang', 'en')
    expect(within(table).queryByText('Abgelehnt')).not.toBeNull() // the older row's own outcome
  })

  it("English: main's sentence, which names the console's words as the console's", async () => {
    renderAudit([refusal])
    const message = await screen.findByTestId('audit-message')
    expect(message.textContent!.trim()).toBe(refusal.message)
  })
})
