import { describe, expect, it } from 'vitest'
import { errorFromResponse } from '../../../src/main/services/access/errors'
import { endpoints } from '../../../src/shared/access/endpoints'

/**
 * The console's own `msg` is shown as given, labelled as the console's words (it is in the console's
 * language and wording, not the desk's), in the one place errors are worded: after our sentence for a
 * code we know, and after "… failed." for one we do not.
 */
describe('the console’s words, labelled', () => {
  it('after our words for a known code that carries them', () => {
    const error = errorFromResponse(endpoints.E17, 400, { code: 'CODE_PARAMS_INVALID', msg: 'first_name is empty' })
    expect(error.message).toBe('The console rejected the request as invalid. The console says: “first_name is empty”.')
  })

  it('for a code we do not know, as the console gave it', () => {
    const error = errorFromResponse(endpoints.E17, 409, { code: 'CODE_SOMETHING_NEW', msg: ' Der Name ist vergeben ' })
    expect(error.message).toMatch(/ failed\. The console says: “Der Name ist vergeben”\.$/)
    expect(error.kind).toBe('conflict')
  })

  it('no label when the console said nothing of its own', () => {
    expect(errorFromResponse(endpoints.E17, 409, { code: 'CODE_SOMETHING_NEW' }).message).toMatch(
      / failed: CODE_SOMETHING_NEW\.$/
    )
    expect(errorFromResponse(endpoints.E17, 400, { code: 'CODE_PARAMS_INVALID', msg: 'success' }).message).toBe(
      'The console rejected the request as invalid.'
    )
  })
})
