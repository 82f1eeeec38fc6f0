import '@testing-library/jest-dom/vitest'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte'
import DeleteCardDialog from '../../../src/renderer/src/components/cards/DeleteCardDialog.svelte'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { AppError } from '../../../src/shared/errors'
import { checkSeen } from '../../../src/shared/seen/seen'
import type { NfcCard } from '../../../src/shared/access/nfc-cards'

beforeEach(() => {
  // jsdom has no modal dialogs: opening one is all the dialog needs here.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true
  }
})

const spare: NfcCard = {
  token: 't-100013',
  display_id: '100013',
  status: 'pending',
  alias: '',
  card_type: 'ua_card',
  user_id: '',
  user_type: '',
  user: null
}

/** Main's answer when another desk gave the card to Ben Ng after the dialog showed it spare (shared/seen). */
function givenMeanwhile(): AppError {
  try {
    checkSeen('cards.delete', { ownerId: null }, { ownerId: 'u-ben', ownerName: 'Ben Ng', card: '100013' })
  } catch (err) {
    return AppError.from(err)
  }
  throw new Error('not refused')
}

describe('a question asked again after the record changed, in the desk’s language', () => {
  afterEach(() => {
    cleanup()
    deskLanguage.choose(null)
  })

  // The first error of the desk: the errors catalogue is not loaded yet when main answers.
  it('Delete card on a Spanish desk: the change is said in Spanish, never main’s English', async () => {
    deskLanguage.choose('es')
    const onconfirm = vi.fn(() => Promise.reject(givenMeanwhile()))
    render(DeleteCardDialog, { card: spare, onconfirm, onclose: vi.fn() })
    const dialog = screen.getByRole('dialog', { hidden: true })
    await expect.poll(() => within(dialog).queryAllByRole('button', { hidden: true }).length).toBeGreaterThan(1)
    const buttons = within(dialog).getAllByRole('button', { hidden: true })
    await fireEvent.click(buttons[buttons.length - 1]!)
    const changed = await within(dialog).findByTestId('changed-since-shown')
    expect(changed).toHaveTextContent('La tarjeta 100013 pertenece ahora a Ben Ng')
    expect(changed).toHaveTextContent('Vuelva a leer la pregunta')
    expect(changed).not.toHaveTextContent(/belongs to|nothing was sent|Read the question/)
  })
})
