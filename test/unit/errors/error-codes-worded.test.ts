import { describe, expect, it } from 'vitest'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { consoleErrorCodes } from '../../../src/shared/access/error-codes'
import { errorWordings, isWordedCode } from '../../../src/shared/errors-wording'
import type { AppErrorData } from '../../../src/shared/errors'

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
  NETWORK: 'the cause is Node’s English',
  // The message is the ID reader's own sentence about a typed or tapped ID (batches/csv-nfc-id.ts, the
  // reader's uidLengthProblem), the words Import's preview shows on each line: worded with those lines.
  NFC_ID_INVALID: 'the ID reader’s sentence, said as Import’s preview says it',
  ROSTER_LINE_BAD_UID: 'the reader’s sentence about a tapped UID, said as Import’s preview says it'
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
      const keys = [said.message, said.hint, said.before, ...Object.values(said.parts ?? {}).map((p) => p.key)]
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
