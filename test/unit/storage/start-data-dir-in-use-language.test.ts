import { spawn } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { lockDataDir } from '../../../src/main/services/storage/data-dir-lock'
import { AppError } from '../../../src/shared/errors'
import { languageOfLocale, startupErrorTitle, startupErrorWords } from '../../../src/main/startup-error-words'
import { entryArgs } from '../../support/built-entry'
import { tempDir } from '../../support/temp'

/** Web mode started on `data` in a shell of `lang`: its exit code and what it wrote on standard error. */
function startWeb(data: string, renderer: string, lang: string): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...entryArgs('web'), '--data', data, '--renderer', renderer], {
      env: { ...process.env, LANG: lang, LC_ALL: '', LC_MESSAGES: '', LANGUAGE: '' },
      stdio: ['ignore', 'ignore', 'pipe']
    })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    child.on('close', (code) => resolve({ code, stderr }))
  })
}

/**
 * Access Desk started on a data folder another process holds: the person who started it reads why, and
 * what to do, in their shell's language (web mode's standard error; the desktop's dialog says the same
 * words, startup-error-words.ts); an English shell reads main's English as before.
 */
describe('a start refused for a data folder in use, in the person’s language', () => {
  it('web mode in a French shell says it in French; in an English one, in English', async () => {
    const data = await tempDir()
    const renderer = await tempDir()
    await writeFile(join(renderer.path, 'index.html'), '<!doctype html>')
    const lock = await lockDataDir(data.path, 'the desktop app')
    try {
      const fr = await startWeb(data.path, renderer.path, 'fr_FR.UTF-8')
      expect(fr.code).toBe(1)
      expect(fr.stderr).toContain(`Le dossier de données ${data.path}`)
      expect(fr.stderr).toContain(`(processus ${process.pid}`)
      expect(fr.stderr).not.toMatch(/is in use|Close that process/)
      const en = await startWeb(data.path, renderer.path, 'C.UTF-8')
      expect(en.code).toBe(1)
      expect(en.stderr).toContain(`The data folder ${data.path} is in use by the desktop app (process ${process.pid}`)
      expect(en.stderr).toMatch(/Close that process, or use the desktop app that is open/)
    } finally {
      await lock.release()
      await data.remove()
      await renderer.remove()
    }
  }, 90_000)
})

describe('the desktop’s dialog when it could not start', () => {
  it('is titled and worded in the system’s language', async () => {
    const data = await tempDir()
    const lock = await lockDataDir(data.path, 'web mode')
    try {
      const refused = await lockDataDir(data.path, 'the desktop app').then(
        () => {
          throw new Error('expected a refusal')
        },
        (err: unknown) => AppError.from(err).toData()
      )
      const language = languageOfLocale('es-419')
      expect(startupErrorTitle(language)).toBe('Access Desk no pudo iniciarse')
      const said = startupErrorWords(refused, language)
      expect(said.message).toContain(`La carpeta de datos ${data.path}`)
      expect(said.hint).toMatch(/^Cierre ese proceso, o use ese modo web en su navegador/)
      expect(startupErrorWords(refused, languageOfLocale('en-GB')).message).toBe(refused.message)
    } finally {
      await lock.release()
      await data.remove()
    }
  })
})
