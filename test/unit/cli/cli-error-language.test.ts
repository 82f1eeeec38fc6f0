import { describe, expect, it } from 'vitest'
import { tempDir } from '../../support/temp'
import { startDemoConsoleProcess } from '../../support/processes'
import { cli, saveConsole } from './support'

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

  it('--all-consoles, LANG=de_DE.UTF-8: each console’s error carries its words in German too', async () => {
    const data = await tempDir()
    const consoleDir = await tempDir()
    const site = await startDemoConsoleProcess(consoleDir.path, [], { timeoutMs: 120_000 })
    try {
      await saveConsole(data.path, 'Site', site.info)
      const run = (env: NodeJS.ProcessEnv) =>
        cli(['--data', data.path, 'users.get', '--id', 'nobody', '--all-consoles'], { env })
      const german = await run({ LANG: 'de_DE.UTF-8', LC_ALL: '', LC_MESSAGES: '' })
      expect(german.code).toBe(1)
      const [outcome] = JSON.parse(german.stdout) as { console: string; ok: boolean; error: Record<string, unknown> }[]
      expect(outcome).toMatchObject({ console: 'Site', ok: false, error: { code: 'CODE_USER_WORKER_NOT_EXISTS' } })
      expect(outcome!.error['message']).toBe('No such user.')
      const said = outcome!.error['said'] as { language: string; message: string }
      expect(said.language).toBe('de')
      expect(said.message).toMatch(/Benutzer/)

      // NDJSON: a console that is down has its line, its error said in German too.
      const downDir = await tempDir()
      const down = await startDemoConsoleProcess(downDir.path, [], { timeoutMs: 120_000 })
      await saveConsole(data.path, 'Down', down.info)
      await down.stop()
      await downDir.remove()
      const streamed = await cli(['--data', data.path, 'users.list', '--all-consoles', '--stream', '--timeout', '5'], {
        env: { LANG: 'de_DE.UTF-8', LC_ALL: '', LC_MESSAGES: '' }
      })
      const failed = streamed.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { console: string; ok: boolean; error?: Record<string, unknown> })
        .filter((l) => !l.ok)
      expect(failed).toHaveLength(1)
      expect(failed[0]).toMatchObject({ console: 'Down', error: { kind: 'network', said: { language: 'de' } } })
      expect((failed[0]!.error!['said'] as { message: string }).message).toMatch(/nicht erreichbar/)

      // An English shell: the outcomes as before, no `said`.
      const english = await run({ LANG: 'C.UTF-8', LC_ALL: '', LC_MESSAGES: '' })
      const [plain] = JSON.parse(english.stdout) as { error: Record<string, unknown> }[]
      expect(plain!.error).not.toHaveProperty('said')
      expect(plain!.error).toEqual({ ...outcome!.error, said: undefined })
    } finally {
      await site.stop()
      await data.remove()
      await consoleDir.remove()
    }
  }, 120_000)
})
