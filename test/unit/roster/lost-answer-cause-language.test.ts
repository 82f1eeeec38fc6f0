import { describe, expect, it } from 'vitest'
import { AppError } from '../../../src/shared/errors'
import { stepOutcome } from '../../../src/main/services/roster/step-outcome'
import { sayReasonIn } from '../../../src/main/services/roster/roster-said-words'

/**
 * A roster step whose answer was lost to the console's own server error (500 CODE_SYSTEM_ERROR on a
 * PIN write) is "to check", its reason naming the cause inside the sentence: on a German desk the
 * cause is German too ("Die Konsole meldet einen internen Fehler"), never main's English ("The
 * console reported an internal error") inside a German sentence — on Results and in the export.
 */
describe('the cause of a lost answer, in the desk’s language', () => {
  const lost = new AppError({
    kind: 'server',
    code: 'CODE_SYSTEM_ERROR',
    message: 'The console reported an internal error.',
    hint: 'Try again in a moment.',
    details: { status: 500, endpoint: '§3.9' }
  })

  it('is kept as facts and said in German, without the error’s own "try again"', () => {
    const outcome = stepOutcome(lost, 'Site A')
    expect(outcome.state).toBe('unknown')
    expect(outcome.said).toBeDefined()
    const german = sayReasonIn('de')({ said: outcome.said! })
    expect(german).toContain('Die Konsole meldet einen internen Fehler')
    expect(german).not.toContain('internal error')
    // Inside the lost answer's sentence, what to do is that sentence's: the error's hint is not said.
    expect(german).not.toContain('Versuchen Sie es gleich noch einmal')
  })

  it('English keeps main’s words', () => {
    const outcome = stepOutcome(lost, 'Site A')
    expect(sayReasonIn('en')({ said: outcome.said! })).toBe(
      "The console's answer was lost (The console reported an internal error): it is checked with the console before anything is sent again."
    )
  })
})
