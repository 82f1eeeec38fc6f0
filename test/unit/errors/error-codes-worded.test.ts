import { describe, expect, it } from 'vitest'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { consoleErrorCodes } from '../../../src/shared/access/error-codes'
import { errorWordings, isWordedCode as wordedByTheDesk, sayError } from '../../../src/shared/errors-wording'
import { CLI_WORDED } from '../../../src/main/cli-error-words'

/** Worded by the desk's errors catalogue, or — an error only the CLI raises — by the CLI's own (messages/cli). */
const isWordedCode = (code: string): boolean => wordedByTheDesk(code) || CLI_WORDED.has(code)
import { AppError, type AppErrorData } from '../../../src/shared/errors'
import { LANGUAGES } from '../../../src/shared/i18n/locales'
import { Translator } from '../../../src/shared/i18n/translator'
import { rowReasonKeys } from '../../../src/shared/batches/row-reason'
import { csvNoteKeys, csvSaidKeys } from '../../../src/shared/batches/csv-said'
import { normaliseNfcId, nfcIdProblemValues } from '../../../src/shared/nfc/uid'
import { writtenDigits, writtenDigitsReading } from '../../../src/shared/nfc/card-number'
import { checkSeen, seenActions, type Seen, type SeenAction, type SeenNow } from '../../../src/shared/seen/seen'
import { BatchService } from '../../../src/main/services/batches/batch-service'
import { readNfcCell } from '../../../src/main/services/batches/csv-nfc-id'
import { tempDir } from '../../support/temp'

/** Every source file of main, the shared code and web mode's bridge: what can throw an error a screen shows. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sources(path)
    return path.endsWith('.ts') && !path.endsWith('.d.ts') ? [path] : []
  })
}

/**
 * Every error code main and the shared code can throw, read from the sources: the literals of a
 * `code:` (and its `??` or `?:` alternatives), a constant a `code:` names, a roster file's codes,
 * and the console's codes main words (shared/access/error-codes.ts). Codes made from a number or a
 * name (`HTTP_${status}`, `${code}_DAMAGED`) are families: errors-wording.ts words HTTP_5xx and the
 * console's other answers by family, and the journals' are listed below.
 */
function codesThrown(): Map<string, string> {
  const files = ['src/main', 'src/shared', 'src/web'].flatMap((d) => sources(join(process.cwd(), d)))
  const texts = new Map(files.map((f) => [f, readFileSync(f, 'utf8')]))
  const constants = new Map<string, string>()
  for (const text of texts.values())
    for (const m of text.matchAll(/\bconst ([A-Z][A-Z0-9_]+) = '([A-Z][A-Z0-9_]+)'/g)) constants.set(m[1]!, m[2]!)
  const found = new Map<string, string>()
  const add = (code: string, file: string) => {
    if (!found.has(code)) found.set(code, file.slice(process.cwd().length + 1))
  }
  for (const [file, text] of texts) {
    for (const m of text.matchAll(/\bcode: ([^\n]+)/g)) {
      const expression = m[1]!
      for (const literal of expression.matchAll(/'([A-Z][A-Z0-9_]{2,})'/g)) add(literal[1]!, file)
      const name = /^([A-Z][A-Z0-9_]+)\b/.exec(expression)?.[1]
      if (name && constants.has(name)) add(constants.get(name)!, file)
    }
    for (const m of text.matchAll(/rosterFileError\(\s*'([A-Z][A-Z0-9_]+)'/g)) add(m[1]!, file)
  }
  for (const code of Object.keys(consoleErrorCodes)) add(code, 'src/shared/access/error-codes.ts')
  // A code named for what it is (SERVICE_LOST_CODE, given to the bridge's failure()).
  for (const [name, code] of constants) if (name.endsWith('_CODE')) add(code, 'a constant')
  return found
}

/**
 * Said in main's English on purpose, each with why. A screen that shows one shows main's words.
 */
const ENGLISH_ONLY: Record<string, string> = {
  // Not an error: the console's code for an answer that succeeded (access/http.ts).
  SUCCESS: 'not an error',
  // The CLI's and the transports' own: a caller's mistake the screens never make (they check input first).
  UNKNOWN_CHANNEL: 'CLI and transports',
  // connections.demoTokens on a real console: Settings offers the demo's tokens only on the demo console.
  NOT_DEMO_CONSOLE: 'CLI',
  UNTRUSTED_SENDER: 'Electron IPC from a frame that is not the app',
  CONTRACT_MISMATCH: 'a build whose two halves differ: an engineer reads it',
  DEMO_CONSOLE_FAILED: 'the demo console failed to start: the developer reads it',
  NO_WINDOW: 'desktop printing without a window: an engineer reads it',
  // A socket failure with no code: the cause is Node's own English sentence, shown as given.
  NETWORK: 'the cause is Node’s English'
}

describe('every error code main can throw is worded in the catalogue, or listed as English-only with why', () => {
  const thrown = codesThrown()

  it('finds the codes in the sources (the scan itself)', () => {
    for (const code of [
      'KIOSK_PIN_WRONG',
      'CERT_CHANGED',
      'TOKEN_REFUSED',
      'SERVICE_LOST',
      'RATE_LIMITED',
      'CODE_SYSTEM_ERROR'
    ])
      expect(thrown.has(code), code).toBe(true)
  })

  it('has no code that is neither worded nor on the commented English-only list', () => {
    const unlisted = [...thrown]
      .filter(([code]) => !isWordedCode(code) && !(code in ENGLISH_ONLY))
      .map(([code, file]) => `${code} (${file})`)
    expect(unlisted).toEqual([])
  })

  it('lists no code as unworded that is worded, nor one no source throws any more', () => {
    const listed = Object.keys(ENGLISH_ONLY)
    expect(listed.filter(isWordedCode), 'worded: take them off the list').toEqual([])
    expect(
      listed.filter((code) => !thrown.has(code)),
      'thrown nowhere: take them off the list'
    ).toEqual([])
  })

  it('says how many are worded and how many are left', () => {
    const worded = [...thrown.keys()].filter(isWordedCode)
    console.info(
      `error codes: ${thrown.size} thrown, ${worded.length} worded, ${Object.keys(ENGLISH_ONLY).length} English-only`
    )
    expect(worded.length + Object.keys(ENGLISH_ONLY).length).toBe(thrown.size)
  })

  it('has words in every language for each code it words (message, hint and parts)', () => {
    const languages = ['en', 'de', 'fr', 'es'].map((l) => {
      const path = join(process.cwd(), 'src/shared/i18n/messages/errors', `${l}.json`)
      return [l, JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>] as const
    })
    // Every fact a wording asks for is given, except those that choose another sentence or wrap it.
    const chooses = new Set(['said', 'before', 'hintKey', 'answerLost', 'unreachable', 'toCheck', 'readBack'])
    for (const name of ['outcome', 'printer', 'consoleMsg']) chooses.add(name)
    const details = new Proxy({} as Record<string, unknown>, {
      get: (_, name) => (typeof name === 'string' && !chooses.has(name) ? 'x' : undefined)
    })
    const missing: string[] = []
    let worded = 0
    for (const [code, wording] of Object.entries(errorWordings)) {
      const error: AppErrorData = { kind: 'server', code, message: 'm', hint: 'h', retryable: false, details }
      const said = wording(details, error)
      if (!said) continue
      worded++
      // A message of another area (a typed ID's: Import's preview line) is that area's: held by its own test below.
      const message = said.area === undefined ? said.message : undefined
      const keys = [message, said.hint, said.before, ...Object.values(said.parts ?? {}).map((p) => p.key)]
      // A code said by variants (`details.said`: ALIAS_INVALID.empty…) is asked here without one: its family counts.
      const family = (key: string) => `${key.split('.')[0]}.`
      for (const key of keys.filter((k): k is string => k !== undefined))
        for (const [language, words] of languages)
          if (!(key in words) && !Object.keys(words).some((k) => k.startsWith(family(key))))
            missing.push(`${code}: ${language} ${key}`)
    }
    expect(worded).toBeGreaterThan(100)
    expect(missing).toEqual([])
  })
})

/**
 * The same rule for what main says that is not an error: a sentence shared/ or main makes for a person
 * (a batch row's reason, a CSV line's finding, why an NFC ID cannot be one, an all-digit ID's reading, a
 * record changed since shown) travels as facts beside main's English, and each fact has its words in
 * every language — the English of them main's very sentence, so the two never drift.
 */
describe('every sentence main sends as facts is worded in every language', () => {
  const catalogue = (area: string, language: string) =>
    JSON.parse(
      readFileSync(join(process.cwd(), 'src/shared/i18n/messages', area, `${language}.json`), 'utf8')
    ) as Record<string, string>
  const words = (area: string) =>
    Object.fromEntries(LANGUAGES.map((l) => [l, new Translator(l, catalogue(area, l))] as const)) as Record<
      (typeof LANGUAGES)[number],
      Translator
    >
  const importWords = words('import')
  const errorsWords = words('errors')
  /** The errors area with the import area beside it, in one language: what a desk words an error with. */
  const idWords = Object.fromEntries(
    LANGUAGES.map(
      (l) => [l, Object.assign(new Translator(l, catalogue('errors', l)), { area: () => importWords[l] })] as const
    )
  ) as Record<(typeof LANGUAGES)[number], Translator & { area: () => Translator }>
  const others = LANGUAGES.filter((l) => l !== 'en')

  it('a batch row’s reasons, a CSV line’s findings and a file’s notes: each key in every language', () => {
    const missing: string[] = []
    for (const [prefix, keys] of [
      ['rowReason', rowReasonKeys],
      ['csvSaid', csvSaidKeys],
      ['csvNote', csvNoteKeys]
    ] as const)
      for (const key of keys)
        for (const language of LANGUAGES)
          if (!(`${prefix}.${key}` in catalogue('import', language))) missing.push(`${language} ${prefix}.${key}`)
    expect(missing).toEqual([])
  })

  it('why an NFC ID cannot be one (shared/nfc/uid.ts): main’s English from the facts, and every language its own', () => {
    const samples = ['', '04A23G1C', '04A23B1', '0411223344', '04A23B1C04A23B1C04A23B1C']
    const problems = samples.map((s) => normaliseNfcId(s)).filter((r) => !r.ok)
    expect(new Set(problems.map((p) => p.problem.kind))).toEqual(new Set(['empty', 'notHex', 'odd', 'length']))
    for (const result of problems) {
      const facts = nfcIdProblemValues(result.problem)
      expect(importWords.en.t('nfcIdProblem', facts)).toBe(result.reason)
      for (const language of others)
        expect(importWords[language].t('nfcIdProblem', facts)).not.toMatch(
          /^nfcIdProblem$|An NFC UID|hex digit|NFC ID is empty/
        )
    }
  })

  it('a typed ID that is no NFC ID (main’s NFC_ID_INVALID): the sentence Import’s preview says of that line, in every language', async () => {
    const dir = await tempDir()
    const service = new BatchService({ dir: join(dir.path, 'batches') })
    try {
      const batch = await service.create({ name: 'Typed' })
      const row = await service.addScan(batch.id, '04A1B2C3', undefined, 'typed')
      const typed = ['04A1B2', '4.21E+13', '04A1G2C3', '041122334', '1234567890', ' ']
      const refusals = await Promise.all([
        ...typed.map((id) => service.addScan(batch.id, id, undefined, 'typed').then(() => null, AppError.from)),
        service.updateRow(batch.id, row.row.id, { nfcId: '04A1B2C3D4' }).then(() => null, AppError.from)
      ])
      const ids = [...typed, '04A1B2C3D4']
      const keys = new Set<string>()
      refusals.forEach((refused, i) => {
        expect(refused?.code, ids[i]).toBe('NFC_ID_INVALID')
        const error = JSON.parse(JSON.stringify(refused!.toData())) as AppErrorData
        const line = readNfcCell(ids[i]!)
        if (line.ok) throw new Error(`${ids[i]} was read`)
        keys.add(line.said.key)
        expect(sayError(error, idWords.en, undefined, idWords.en), ids[i]).toEqual({ message: error.message })
        for (const language of others) {
          const said = sayError(error, idWords[language], undefined, idWords.en)
          expect(said.english, `${language} ${ids[i]}`).toBeUndefined()
          expect(said.message).toBe(importWords[language].t(`csvSaid.${line.said.key}`, line.said.values))
          expect(said.message).not.toMatch(/hex digit|An NFC UID|scientific notation|No NFC ID|^csvSaid/)
        }
      })
      expect(keys).toEqual(new Set(['nfcIdInvalid', 'scientific', 'noNfcId']))
    } finally {
      await service.close()
      await dir.remove()
    }
  })

  it('an all-digit ID’s reading (shared/nfc/card-number.ts): main’s English from the facts, and every language its own', () => {
    const facts = writtenDigits('04000000000001')!
    const values = { digits: facts.digits, uid: facts.decimalUid }
    expect(importWords.en.t('typed.digitsReading', values)).toBe(writtenDigitsReading('04000000000001'))
    for (const language of others)
      expect(importWords[language].t('typed.digitsReading', values)).not.toMatch(
        /^typed\.digitsReading$|All digits|read as hex/
      )
  })

  it('a record changed since shown (shared/seen/seen.ts): each of its sentences main’s English, and every language its own', () => {
    const cases: [SeenAction, SeenNow, Seen?][] = [
      ['cards.delete', { ownerId: 'u', ownerName: 'Ben Ng', card: '100013' }],
      ['cards.delete', { ownerId: null, card: '100013' }],
      ['pins.assign', { hasPin: true, name: 'Ana' }],
      ['pins.assign', { hasPin: false, name: 'Ana' }],
      // Shown holding one PIN, holding another now (another desk replaced it).
      [
        'pins.assign',
        { hasPin: true, pinDigest: '0123456789abcdef', name: 'Ana' },
        { hasPin: true, pinDigest: 'fedcba9876543210' }
      ],
      ['visitors.cancel', { status: 'CANCELLED', name: 'Ana' }],
      ['visitors.cancel', { status: 'ACTIVE', name: 'Ana' }],
      ['touchPasses.assign', { holderId: 'u', holderName: 'Kofi', pass: 'P1' }],
      ['touchPasses.assign', { holderId: null, pass: 'P1' }]
    ]
    const variants = new Set<string>()
    for (const [action, now, shown] of cases) {
      const seen = shown ?? (Object.fromEntries(seenActions[action].map((fact) => [fact, 'shown'])) as Seen)
      let thrown: unknown
      try {
        checkSeen(action, seen, now)
      } catch (err) {
        thrown = err
      }
      const error = AppError.from(thrown).toData()
      variants.add(String(error.details?.['said']))
      const english = sayError(error, errorsWords.en, undefined, errorsWords.en)
      expect(english.english, `${action} ${String(error.details?.['said'])}`).toBeUndefined()
      for (const language of others) {
        const said = sayError(error, errorsWords[language], undefined, errorsWords.en)
        expect(said.english, `${language} ${action}`).toBeUndefined()
        expect(said.message).not.toBe(error.message)
        expect(said.message).not.toMatch(/^CHANGED_SINCE_SHOWN/)
      }
    }
    expect(variants.size).toBe(9)
  })
})
