import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte'
import PinsScreen from '../../../src/renderer/src/screens/PinsScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { scriptedBridge } from '../../support/fake-bridge'
import type { Envelope } from '../../../src/shared/ipc/define'

afterEach(() => {
  cleanup()
  deskLanguage.choose(null)
})

const chloe = {
  id: 'u-chloe',
  first_name: 'Chloe',
  last_name: 'Ng',
  full_name: 'Chloe Ng',
  user_email: 'c@example.com'
}

/** Main's error for a PIN give whose answer was lost, read back and not found given (main's pins/pin-service.ts). */
function lostAnswer(found: 'pin-none' | 'pin-unsure'): Envelope {
  const heldNow = found === 'pin-unsure'
  return {
    ok: false,
    error: {
      kind: 'network',
      code: 'ECONNRESET',
      retryable: true,
      message: heldNow
        ? "Chloe Ng holds a PIN now; if it is not the one shown, assign again. The console's answer was lost, so this was read back from the console; nothing was sent twice."
        : "Chloe Ng holds no PIN: assign again. The console's answer was lost, so this was read back from the console; nothing was sent twice.",
      details: { answerLost: true, pinHeldNow: heldNow, pinChanged: false, readBack: found, name: 'Chloe Ng' }
    }
  } as Envelope
}

/** A French desk: Generate, find Chloe Ng (who holds a PIN when `holds`), Assign (Replace); main answers `answer`. */
async function assignLost(answer: Envelope, holds = false) {
  deskLanguage.choose('fr')
  const { bridge } = scriptedBridge({
    'pins.generate': () => ({ ok: true, result: { pin: '52570001' } }),
    'users.search': () => ({ ok: true, result: { items: [chloe], total: 1 } }),
    'visitors.list': () => ({ ok: true, result: { items: [], total: 0 } }),
    'pins.held': () => ({ ok: true, result: { held: holds } }),
    'pins.assign': () => answer
  } as Parameters<typeof scriptedBridge>[0])
  setApiForTests(bridge)
  render(PinsScreen)
  await fireEvent.click(await screen.findByRole('button', { name: 'Générer un PIN' }))
  await fireEvent.input(await screen.findByRole('searchbox', { name: 'Trouver un utilisateur ou un visiteur' }), {
    target: { value: 'Chloe' }
  })
  await fireEvent.click(await screen.findByRole('option', { name: /Chloe Ng/ }, { timeout: 2000 }))
  if (holds) expect(await screen.findByTestId('pin-held')).toHaveTextContent('Chloe Ng a déjà un PIN')
  else expect(await screen.findByText('Chloe Ng n’a pas encore de PIN.')).toBeInTheDocument()
  const assign = screen.getByRole('button', { name: 'Attribuer le PIN' })
  await expect.poll(() => assign).toBeEnabled()
  await fireEvent.click(assign)
  if (holds) await fireEvent.click(await screen.findByRole('button', { name: 'Remplacer le PIN' }))
}

/**
 * A PIN given whose answer was lost: main reads the person back, and the screen says what that read
 * found — given (said as done, as any PIN given, with the read-back sentence: never a failure with
 * Try again, and the warning of before goes), not given (the failure, with Try again), or held but not
 * known to be the one shown (said once, as that, without the failure's look).
 */
describe('PINs: a lost answer on Assign, read back', () => {
  it('found replaced: said as done in French, with the read-back sentence; no alert, no Retry, no warning', async () => {
    await assignLost({ ok: true, result: { assigned: true, readBack: true } } as Envelope, true)
    const done = await screen.findByTestId('pin-assigned')
    expect(done).toHaveTextContent('PIN 52570001 attribué à Chloe Ng.')
    expect(done).toHaveTextContent('La réponse de la console s’est perdue')
    expect(done).toHaveFocus()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Réessayer' })).toBeNull()
    expect(screen.queryByTestId('pin-held')).toBeNull()
    expect(screen.queryByText(/a déjà un PIN/)).toBeNull()
  })

  it('held, not known to be the one shown: said once as that, as a note, without the failure’s look', async () => {
    await assignLost(lostAnswer('pin-unsure'), true)
    const note = await screen.findByTestId('pin-unsure')
    await expect.poll(() => note.textContent).toContain('Chloe Ng a maintenant un PIN')
    expect(note).toHaveTextContent('si ce n’est pas celui affiché, attribuez-le à nouveau')
    expect(note).not.toHaveTextContent(/answer was lost|holds a PIN/)
    expect(note).toHaveFocus()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Réessayer' })).toBeNull()
    // Said once: the "already has a PIN" line is not beside it.
    expect(screen.queryByTestId('pin-held')).toBeNull()
    expect(screen.queryByTestId('pin-assigned')).toBeNull()
  })

  it('they hold no PIN: the box says to assign again, and the line still says they have none', async () => {
    await assignLost(lostAnswer('pin-none'))
    const alert = await within(screen.getByRole('region', { name: 'Attribuer ce PIN' })).findByRole('alert')
    await expect.poll(() => alert.textContent).toContain('Chloe Ng n’a aucun PIN')
    expect(within(alert).getByRole('button', { name: 'Réessayer' })).toBeInTheDocument()
    expect(screen.getByText('Chloe Ng n’a pas encore de PIN.')).toBeInTheDocument()
    expect(screen.queryByTestId('pin-held')).toBeNull()
  })
})
