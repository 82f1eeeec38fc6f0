import { describe, expect, it } from 'vitest'
import { tempDir } from '../../support/temp'
import { cli } from './support'

/**
 * A failed call's error on standard error stays the JSON a script reads (kind, code, message, hint,
 * details: main's English, as it always was); in the shell's language (LANG, LC_MESSAGES, LC_ALL; de,
 * fr, es) it also carries `said`: the same error worded from the one message catalogue, for the person
 * who reads it. English shells get the JSON exactly as before.
 */
describe('the CLI’s error in the shell’s language', () => {
  it('LANG=de_DE.UTF-8: the error JSON as before, and its words in German', async () => {
    const data = await tempDir()
    try {
      const run = (env: NodeJS.ProcessEnv) =>
        cli(['--data', data.path, '--demo', 'users.get', '--id', 'nobody'], { env })
      const german = await run({ LANG: 'de_DE.UTF-8', LC_ALL: '', LC_MESSAGES: '' })
      expect(german.code).toBe(1)
      const error = JSON.parse(german.stderr) as Record<string, unknown>
      expect(error).toMatchObject({ kind: 'not-found', code: 'CODE_USER_WORKER_NOT_EXISTS', message: 'No such user.' })
      const said = error['said'] as { language: string; message: string; hint?: string }
      expect(said.language).toBe('de')
      expect(said.message).toMatch(/Benutzer/)
      expect(said.message).not.toBe(error['message'])

      const english = await run({ LANG: 'C.UTF-8', LC_ALL: '', LC_MESSAGES: '' })
      expect(JSON.parse(english.stderr)).not.toHaveProperty('said')
      expect(JSON.parse(english.stderr)).toEqual({ ...error, said: undefined })
    } finally {
      await data.remove()
    }
  }, 90_000)
})
