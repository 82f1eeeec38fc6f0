import { describe, expect, it } from 'vitest'
import { AppError } from '../../../src/shared/errors'
import { keptWords } from '../../../src/main/services/access/kept-words'
import { stepOutcome } from '../../../src/main/services/roster/step-outcome'

/**
 * An error kept with a record (a batch row to check, a roster step) names the console by its profile
 * name, never by the address it had then: the built-in demo console's port moves when its last one is taken, so
 * the address would name a console no longer there. (Import's rows: upload-no-answer.test.ts.)
 */
const url = 'https://127.0.0.1:40311'
const cut = new AppError({
  kind: 'network',
  code: 'ECONNRESET',
  message: `Could not reach the console at ${url}: the connection was cut before the console answered.`,
  details: { url }
})

describe('the words kept with a record', () => {
  it('name the console by its profile name, or "the console"; never its address', () => {
    expect(keptWords(cut, 'Site A')).toBe(
      'Could not reach “Site A”: the connection was cut before the console answered.'
    )
    expect(keptWords(cut, null)).toBe(
      'Could not reach the console: the connection was cut before the console answered.'
    )
    const tls = new AppError({
      kind: 'tls',
      message: `The certificate of ${url} is not the one you trusted.`,
      details: { url }
    })
    expect(keptWords(tls, 'Site A')).toBe('The certificate of “Site A” is not the one you trusted.')
    // An error without an address is kept as it is.
    const refused = new AppError({ kind: 'validation', message: 'Card 100099 belongs to Di Fox.' })
    expect(keptWords(refused, 'Site A')).toBe('Card 100099 belongs to Di Fox.')
  })

  it('a roster step whose answer was lost', () => {
    const outcome = stepOutcome(cut, 'Site A')
    expect(outcome.reason).not.toContain(url)
    expect(outcome.reason).toContain('Could not reach “Site A”')
  })
})
