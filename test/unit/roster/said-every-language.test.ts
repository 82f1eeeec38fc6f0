import { describe, expect, it } from 'vitest'
import { sayReasonIn } from '../../../src/main/services/roster/roster-said-words'
import { sentence } from '../../../src/shared/roster/roster-said'
import { understoodYesNo } from '../../../src/shared/roster/yes-no-words'

/**
 * A roster sentence whose values are words themselves is said wholly in the desk's language: the
 * kept English of a value never shows inside another language's sentence (on the plan, Results and
 * the results export alike, all said by sayRoster).
 */
describe('roster sentences with worded values, in every language', () => {
  // As the plan keeps it: the English list as the value, from before desks worded it.
  const unclear = [sentence('unclearAsked', { what: 'pin', cell: 'quizás', understood: understoodYesNo })]

  it('English: the same words as main keeps for the CLI', () => {
    expect(sayReasonIn('en')({ said: unclear })).toContain(`(understood: ${understoodYesNo})`)
  })

  it.each(['de', 'fr', 'es'] as const)(
    '%s: the words understood are labelled in the language, never in English',
    (language) => {
      const said = sayReasonIn(language)({ said: unclear })
      expect(said).toContain('quizás')
      expect(said).toContain('verdadero')
      expect(said).not.toMatch(/\byes:|or an empty cell|any case/)
    }
  )
})
