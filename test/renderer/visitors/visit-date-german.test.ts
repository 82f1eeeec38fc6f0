import '@testing-library/jest-dom/vitest'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, render, screen } from '@testing-library/svelte'
import { flushSync } from 'svelte'
import VisitorForm from '../../../src/renderer/src/components/visitors/VisitorForm.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { sites } from '../../../src/renderer/src/stores/sites.svelte'
import { scriptedBridge } from '../../support/fake-bridge'

/**
 * The visit's dates are typed in the desk's language's order, whatever the browser's language: a German
 * desk shows and reads "TT.MM.JJJJ HH:MM" (the browser's own date field showed "mm/dd/yyyy"), and a switch
 * of language rewrites the shown date without changing the moment.
 */
describe('visitor form: dates in the desk’s language', () => {
  beforeEach(() => sites.reset())
  afterEach(() => deskLanguage.choose(null))

  it('a German desk types 30.11.2026 09:15 and the console is sent that moment', async () => {
    deskLanguage.choose('de')
    const sent: { start_time?: number; end_time?: number }[] = []
    const { bridge } = scriptedBridge({
      'sites.topology': () => ({ ok: true, result: { groups: [] } }),
      'visitors.create': (input) => (
        sent.push(input as (typeof sent)[number]),
        { ok: false as const, error: { kind: 'server' as const, message: 'stop here', retryable: false } }
      )
    })
    setApiForTests(bridge)
    render(VisitorForm, { onsaved: () => undefined, oncancel: () => undefined })
    // The German words load first.
    const from = await screen.findByLabelText('Gültig ab', undefined, { timeout: 5000 })
    expect(from).toHaveAttribute('placeholder', 'TT.MM.JJJJ HH:MM')
    // The walk-in window is shown in German order: "29.11.2026 08:00".
    expect((from as HTMLInputElement).value).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/)

    await fireEvent.input(screen.getByLabelText('Vorname'), { target: { value: 'Greta' } })
    await fireEvent.input(screen.getByLabelText('Nachname'), { target: { value: 'Lindqvist' } })
    await fireEvent.change(screen.getByLabelText('Grund des Besuchs'), { target: { value: 'Business' } })
    await fireEvent.input(from, { target: { value: '30.11.2099 09:15' } })
    await fireEvent.input(screen.getByLabelText('Gültig bis'), { target: { value: '30.11.2099 17:00' } })
    // The typing stays as typed (never rewritten under the cursor).
    expect(from).toHaveValue('30.11.2099 09:15')
    await fireEvent.click(screen.getByRole('button', { name: 'Besucher erfassen' }))
    // No door ticked: the form asks first.
    await fireEvent.click(await screen.findByRole('button', { name: 'Ohne Türen erfassen' }))
    await expect.poll(() => sent.length).toBeGreaterThan(0)
    expect(sent[0]!.start_time).toBe(new Date(2099, 10, 30, 9, 15).getTime() / 1000)
    expect(sent[0]!.end_time).toBe(new Date(2099, 10, 30, 17, 0).getTime() / 1000)

    // A switch of language rewrites the shown moment in the new order; the moment is the same.
    deskLanguage.choose('en')
    flushSync()
    const after = (await screen.findByLabelText('Valid from')) as HTMLInputElement
    // (Intl writes a narrow no-break space before AM.)
    expect(after.value).toMatch(/^11\/30\/2099,?\s09:15\sAM$/)
  })

  it('a German desk typing “morgen 17:00” is told what it typed and how to type it, in German; nothing sent', async () => {
    deskLanguage.choose('de')
    const sent: unknown[] = []
    const { bridge } = scriptedBridge({
      'sites.topology': () => ({ ok: true, result: { groups: [] } }),
      'visitors.create': (input) => (
        sent.push(input),
        { ok: false as const, error: { kind: 'server' as const, message: 'x', retryable: false } }
      )
    })
    setApiForTests(bridge)
    render(VisitorForm, { onsaved: () => undefined, oncancel: () => undefined })
    await fireEvent.input(await screen.findByLabelText('Vorname', undefined, { timeout: 5000 }), {
      target: { value: 'Greta' }
    })
    await fireEvent.input(screen.getByLabelText('Nachname'), { target: { value: 'Lindqvist' } })
    await fireEvent.change(screen.getByLabelText('Grund des Besuchs'), { target: { value: 'Business' } })
    await fireEvent.input(screen.getByLabelText('Gültig bis'), { target: { value: 'morgen 17:00' } })
    await fireEvent.click(screen.getByRole('button', { name: 'Besucher erfassen' }))
    const message = await screen.findByTestId('end-time-error')
    expect(message).toHaveTextContent(
      '„morgen 17:00“ ist kein Datum mit Uhrzeit: Geben Sie es als TT.MM.JJJJ HH:MM ein, zum Beispiel 29.11.2026 08:00.'
    )
    expect(sent).toEqual([])
  })
})
