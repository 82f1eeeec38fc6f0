import { describe, expect, it, vi } from 'vitest'
import { lockDataDir } from '../../../src/main/services/storage/data-dir-lock'
import { formats } from '../../../src/shared/format/formats'
import { tempDir } from '../../support/temp'
import { cli } from './support'

vi.setConfig({ testTimeout: 120_000 })

/**
 * In a German shell every error the CLI itself raises is the JSON error, with `said` in German beside
 * main's English (src/main/cli-error-words.ts, the one path): no console configured, input that does
 * not fit the channel, the data folder in use (its English message with an English date).
 */
describe('the CLI’s own errors in a German shell', () => {
  const german = { LANG: 'de_DE.UTF-8', LC_ALL: '', LC_MESSAGES: '' }
  type Error = {
    code: string
    message: string
    details?: { startedAt?: string }
    said?: { language: string; message: string }
  }

  it('each carries said in German, and main’s English stays English', async () => {
    const empty = await tempDir()
    const locked = await tempDir()
    const lock = await lockDataDir(locked.path, 'web mode')
    try {
      const cases: [string, string[], number][] = [
        ['NO_CONSOLE_IN_FOLDER', ['--data', empty.path, 'pins.generate'], 2],
        ['INVALID_INPUT', ['--data', empty.path, '--demo', 'cards.view', '--status', 'lost'], 2],
        ['DATA_DIR_IN_USE', ['--data', locked.path, 'cards.view'], 1]
      ]
      for (const [code, args, exit] of cases) {
        const run = await cli(args, { env: german })
        expect(run.code, code).toBe(exit)
        const error = JSON.parse(run.stderr) as Error
        expect(error.code).toBe(code)
        expect(error.said?.language, code).toBe('de')
        expect(error.said?.message, code).not.toBe(error.message)
        // Said of this error: the folder named, or the field that does not fit.
        expect(error.said?.message, code).toMatch(
          code === 'INVALID_INPUT'
            ? /status/
            : code === 'NO_CONSOLE_IN_FOLDER'
              ? /Im Ordner .* ist keine Konsole/
              : /in Verwendung|verwendet|benutzt/
        )
        if (error.details?.startedAt)
          expect(error.message).toContain(formats('en').dateTime(new Date(error.details.startedAt)))
      }
    } finally {
      await lock.release()
      await Promise.all([empty.remove(), locked.remove()])
    }
  })
})
