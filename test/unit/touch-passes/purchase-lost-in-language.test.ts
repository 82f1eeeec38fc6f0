import { afterEach, describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import { sayError } from '../../../src/shared/errors-wording'
import { AppError, type AppErrorData } from '../../../src/shared/errors'
import { Translator } from '../../../src/shared/i18n/translator'
import type { Locale } from '../../../src/shared/i18n/locales'

const words = (language: Locale) =>
  new Translator(
    language,
    JSON.parse(
      readFileSync(join(process.cwd(), 'src/shared/i18n/messages/errors', `${language}.json`), 'utf8')
    ) as Record<string, string>
  )

/**
 * A purchase whose answer was lost with the console down after it (the list cannot be read back): the
 * error the dialog and its live region show is said in the desk's language, its "may or may not have
 * gone through" advice too, and English says what main said.
 */
describe('a purchase whose answer was lost, said in the desk’s language', () => {
  const app = useAppServices()
  const demo = demoControl(app)
  afterEach(async () => {
    await demo.clearFaults()
  })

  it('French, German and Spanish say the cut and the advice; English is main’s own words', async () => {
    const before = (await demo.held('touchPasses')).length
    await demo.faults({ afterCommit: { reset: 1, paths: ['POST /*'], thenDown: true } })
    const error = (await app.call('touchPasses.purchase', { count: 2, idempotencyKey: crypto.randomUUID() }).then(
      () => {
        throw new Error('expected a refusal')
      },
      (err: unknown) => JSON.parse(JSON.stringify(AppError.from(err).toData())) as AppErrorData
    )) as AppErrorData
    await demo.clearFaults()
    expect(error.hint).toMatch(/The purchase may or may not have gone through/)
    const english = words('en')
    const en = sayError(error, english, undefined, english)
    expect(en).toMatchObject({ message: error.message, hint: error.hint })
    expect(en.english).toBeFalsy()

    const fr = sayError(error, words('fr'), undefined, english)
    expect(fr.english).toBeFalsy()
    expect(fr.message).toMatch(/^Impossible de joindre la console à https:\/\/.*la connexion a été coupée/)
    expect(fr.hint).toBe('L’achat a peut-être abouti, ou non : vérifiez la liste des Touch Pass avant de réessayer.')
    expect(sayError(error, words('de'), undefined, english).hint).toMatch(/^Der Kauf/)
    expect(sayError(error, words('es'), undefined, english).hint).toMatch(/^Puede que la compra/)
    // The console bought both before the cut: the error was a lost answer, not a refusal.
    expect(await demo.held('touchPasses')).toHaveLength(before + 2)
  })
})
