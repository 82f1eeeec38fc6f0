import { beforeEach, describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/svelte'
import DeleteCardDialog from '../../../src/renderer/src/components/cards/DeleteCardDialog.svelte'
import type { NfcCard, NfcCardStatus } from '../../../src/shared/access/nfc-cards'

beforeEach(() => {
  // jsdom has no modal dialogs: opening one is all the dialog needs here.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true
  }
})

const card = (status: NfcCardStatus, owned: boolean): NfcCard => ({
  token: `t-${status}`,
  display_id: '100042',
  status,
  alias: '',
  card_type: 'ua_card',
  user_id: owned ? 'u-ana' : '',
  user_type: owned ? 'USER' : '',
  user: owned ? { id: 'u-ana', first_name: 'Ana', last_name: 'Ruiz', name: 'Ana Ruiz' } : null
})

function said(c: NfcCard): string {
  render(DeleteCardDialog, { card: c, onconfirm: vi.fn(), onclose: vi.fn() })
  return (screen.getByRole('dialog', { hidden: true }).textContent ?? '').replace(/\s+/g, ' ')
}

/** The delete question says what deleting does for the card's status, and nothing untrue. */
describe('Delete card: the words are true for each status', () => {
  it('assigned: its owner stops opening doors with it', () => {
    const text = said(card('assigned', true))
    expect(text).toContain('It belongs to Ana Ruiz (user), who will no longer open doors with it.')
  })

  it('disabled (still naming its owner): nobody loses access; deleting removes it from the cards', () => {
    const text = said(card('disable', true))
    expect(text).toContain('It is disabled: it opens no doors now (it still names Ana Ruiz, user)')
    expect(text).toContain('nobody loses access')
    expect(text).not.toMatch(/will no longer open doors|belongs to/)
  })

  it('lost: nobody loses access; found later, it must be enrolled again', () => {
    const text = said(card('loss', true))
    expect(text).toContain('It is marked lost: it opens no doors now')
    expect(text).toContain('enroll it again')
    expect(text).not.toMatch(/will no longer open doors|belongs to/)
  })

  it('deleted on the console: only its place on the list goes', () => {
    const text = said(card('deleted', false))
    expect(text).toContain('already lists it as deleted')
    expect(text).not.toMatch(/not assigned to anyone\.|will no longer open doors/)
  })

  it('pending: a spare, nobody loses access', () => {
    const text = said(card('pending', false))
    expect(text).toContain('It is a spare card, not assigned to anyone: nobody loses access.')
  })
})
