import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte'
import CreateBatchForm from '../../../src/renderer/src/components/import/CreateBatchForm.svelte'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { aliasPatternProblem } from '../../../src/shared/batches/alias-pattern'
import type { Locale } from '../../../src/shared/i18n/locales'

afterEach(() => {
  cleanup()
  void deskLanguage.choose(null)
})

/**
 * An alias pattern's problem is a code (shared/batches/alias-pattern.ts) the form words in the desk's
 * language, never zod's or main's English.
 */
describe('the new batch form on a German desk', () => {
  it('says what is wrong with an alias pattern in German', async () => {
    await deskLanguage.choose('de')
    render(CreateBatchForm, { oncreate: async () => {}, oncancel: () => {} })
    const input = await screen.findByRole('textbox', { name: /Alias-Muster/ })
    await fireEvent.input(input, { target: { value: 'Desk' } })
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'))
    const problem = document.querySelector('p.bad')!
    expect(problem.textContent).toMatch(/Platzhalter/)
    expect(problem.textContent).not.toMatch(/Put exactly one/)
    await fireEvent.input(input, { target: { value: `{n}${'x'.repeat(120)}` } })
    await waitFor(() => expect(document.querySelector('p.bad')!.textContent).toMatch(/100 Zeichen/))
    expect(document.querySelector('p.bad')!.textContent).not.toMatch(/Too big|expected/)
  })

  it('the code: one placeholder, at most 100 characters', () => {
    expect(aliasPatternProblem('Desk {n:3}')).toBeNull()
    expect(aliasPatternProblem('Desk')).toBe('placeholder')
    expect(aliasPatternProblem('{n}-{n}')).toBe('placeholder')
    expect(aliasPatternProblem(`{n}${'x'.repeat(100)}`)).toBe('tooLong')
  })
})

/**
 * The pattern field's example (its placeholder) is words too: the desk's language's own example, a
 * pattern the form takes as it is (one placeholder), never the English "Floor2-{n:3}" on another desk.
 */
describe('the alias pattern example in every language', () => {
  it.each<[Locale, string, string]>([
    ['en', 'Alias pattern', 'Floor2-{n:3}'],
    ['fr', 'Modèle d’alias', 'Étage2-{n:3}'],
    ['de', 'Alias-Muster', 'Stock2-{n:3}'],
    ['es', 'Patrón de alias', 'Planta2-{n:3}']
  ])('%s: %s shows %s', async (language, label, example) => {
    await deskLanguage.choose(language)
    render(CreateBatchForm, { oncreate: async () => {}, oncancel: () => {} })
    const input = await screen.findByRole('textbox', { name: new RegExp(label) })
    expect(input).toHaveAttribute('placeholder', example)
    expect(aliasPatternProblem(example)).toBeNull()
  })
})
