import { describe, expect, it } from 'vitest'
import { lockDataDir } from '../../../src/main/services/storage/data-dir-lock'
import { formats } from '../../../src/shared/format/formats'
import { tempDir } from '../../support/temp'
import { cli } from './support'

interface Said {
  language: string
  message: string
  hint?: string
}

/**
 * The CLI on a data folder web mode holds (a lock written by this process as web mode's): the refusal
 * stays main's English JSON, and carries `said` in the language asked for (`--language es`, or the
 * shell's LANG), its start time written in that language too.
 */
describe('the CLI on a data folder in use, in the person’s language', () => {
  it('--language es and LANG=es_ES.UTF-8: said in Spanish, the time as Spanish writes it', async () => {
    const data = await tempDir()
    const lock = await lockDataDir(data.path, 'web mode')
    try {
      const english = { LANG: 'C.UTF-8', LC_ALL: '', LC_MESSAGES: '' }
      const byOption = await cli(['--data', data.path, '--language', 'es', 'cards.view'], { env: english })
      const byShell = await cli(['--data', data.path, 'cards.view'], {
        env: { LANG: 'es_ES.UTF-8', LC_ALL: '', LC_MESSAGES: '' }
      })
      for (const run of [byOption, byShell]) {
        expect(run.code).not.toBe(0)
        const error = JSON.parse(run.stderr) as {
          code: string
          message: string
          details: { startedAt: string }
          said?: Said
        }
        expect(error.code).toBe('DATA_DIR_IN_USE')
        expect(error.message).toMatch(/^The data folder .* is in use by web mode \(process \d+, started /)
        expect(error.said?.language).toBe('es')
        expect(error.said?.message).toContain(`La carpeta de datos ${data.path}`)
        expect(error.said?.message).toContain(`está en uso por el modo web (proceso ${process.pid}, iniciado `)
        expect(error.said?.message).toContain(formats('es').dateTime(new Date(error.details.startedAt)))
        expect(error.said?.hint).toMatch(/^Cierre ese proceso, o use ese modo web en su navegador/)
        expect(`${error.said?.message} ${error.said?.hint}`).not.toMatch(/in use|started|Close that/)
      }
      // An English shell: main's English alone, as before.
      const plain = await cli(['--data', data.path, 'cards.view'], { env: english })
      expect(JSON.parse(plain.stderr)).not.toHaveProperty('said')
    } finally {
      await lock.release()
      await data.remove()
    }
  }, 90_000)
})
