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

/** Main's error for a PIN given whose answer was lost, read back (main's pins/pin-service.ts). */
function lostAnswer(heldNow: boolean, changed: boolean): Envelope {
  return {
    ok: false,
    error: {
      kind: 'network',
      code: 'ECONNRESET',
      retryable: true,
      message: heldNow
        ? "Chloe Ng holds a PIN now; if it is not the one shown, assign again. The console's answer was lost, so this was read back from the console; nothing was sent twice."
        : "Chloe Ng holds no PIN: assign again. The console's answer was lost, so this was read back from the console; nothing was sent twice.",
      ...(heldNow && {
        hint: changed
          ? 'Their PIN changed just now, so it is most likely the one shown.'
          : 'Their PIN did not change: they still hold the PIN they had.'
      }),
      details: {
        answerLost: true,
        pinHeldNow: heldNow,
        pinChanged: changed,
        readBack: heldNow ? 'pin-held' : 'pin-none',
        name: 'Chloe Ng'
      }
    }
  } as Envelope
}

/** A French desk: Generate, find Chloe Ng (who holds no PIN), Assign; main answers `answer`. */
async function assignLost(answer: Envelope) {
  deskLanguage.choose('fr')
  const { bridge } = scriptedBridge({
    'pins.generate': () => ({ ok: true, result: { pin: '52570001' } }),
    'users.search': () => ({ ok: true, result: { items: [chloe], total: 1 } }),
    'visitors.list': () => ({ ok: true, result: { items: [], total: 0 } }),
    'pins.held': () => ({ ok: true, result: { held: false } }),
    'pins.assign': () => answer
  } as Parameters<typeof scriptedBridge>[0])
  setApiForTests(bridge)
  render(PinsScreen)
  await fireEvent.click(await screen.findByRole('button', { name: 'Générer un PIN' }))
  await fireEvent.input(await screen.findByRole('searchbox', { name: 'Trouver un utilisateur ou un visiteur' }), {
    target: { value: 'Chloe' }
  })
  await fireEvent.click(await screen.findByRole('option', { name: /Chloe Ng/ }, { timeout: 2000 }))
  expect(await screen.findByText('Chloe Ng n’a pas encore de PIN.')).toBeInTheDocument()
  const assign = screen.getByRole('button', { name: 'Attribuer le PIN' })
  await expect.poll(() => assign).toBeEnabled()
  await fireEvent.click(assign)
  return within(screen.getByRole('region', { name: 'Attribuer ce PIN' })).findByRole('alert')
}

/**
 * A PIN given whose answer was lost: main reads the person back, and every line of the screen says
 * what that read found — the red box (in the desk's language) and the person's line below it.
 */
describe('PINs: a lost answer on Assign, read back', () => {
  it('they hold a PIN now: the box says so in French, and the line no longer says "has no PIN yet"', async () => {
    const alert = await assignLost(lostAnswer(true, true))
    // The errors catalogue is loaded at the first error worded: until then, main's words.
    await expect.poll(() => alert.textContent).toContain('Chloe Ng a maintenant un PIN')
    expect(alert).toHaveTextContent('très probablement celui affiché')
    expect(alert).not.toHaveTextContent(/answer was lost|holds a PIN/)
    expect(await screen.findByTestId('pin-held')).toHaveTextContent('Chloe Ng a déjà un PIN')
    expect(screen.queryByText('Chloe Ng n’a pas encore de PIN.')).toBeNull()
  })

  it('they hold no PIN: the box says to assign again, and the line still says they have none', async () => {
    const alert = await assignLost(lostAnswer(false, false))
    await expect.poll(() => alert.textContent).toContain('Chloe Ng n’a aucun PIN')
    expect(screen.getByText('Chloe Ng n’a pas encore de PIN.')).toBeInTheDocument()
    expect(screen.queryByTestId('pin-held')).toBeNull()
  })
})
