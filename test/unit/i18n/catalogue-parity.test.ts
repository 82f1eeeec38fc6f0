import { describe, expect, it } from 'vitest'
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { isStructurallySame, parse } from '@formatjs/icu-messageformat-parser'
import { LANGUAGES } from '../../../src/shared/i18n/locales'
import { AREAS } from '../../../src/shared/i18n/areas'
import { pseudoCatalogue } from '../../../src/shared/i18n/pseudo'
import { Translator } from '../../../src/shared/i18n/translator'

const dir = join(process.cwd(), 'src/shared/i18n/messages')
const read = (area: string, language: string): Record<string, string> =>
  JSON.parse(readFileSync(join(dir, area, `${language}.json`), 'utf8')) as Record<string, string>

/**
 * What differs between a language's catalogue and English's: keys missing or extra, and messages whose
 * placeholders differ (names, kinds: a plural in one and a plain argument in the other) or that do not parse.
 */
export function differences(english: Record<string, string>, other: Record<string, string>): string[] {
  const found: string[] = []
  for (const key of Object.keys(english)) if (!(key in other)) found.push(`missing ${key}`)
  for (const key of Object.keys(other)) if (!(key in english)) found.push(`not in English: ${key}`)
  for (const [key, message] of Object.entries(other)) {
    const source = english[key]
    if (source === undefined) continue
    try {
      const same = isStructurallySame(parse(source), parse(message))
      if (!same.success) found.push(`${key}: ${same.error?.message ?? 'placeholders differ'}`)
    } catch (err) {
      found.push(`${key}: does not parse (${(err as Error).message})`)
    }
  }
  return found
}

describe('the message catalogue', () => {
  it('has a folder for each area and a file for each language in it', () => {
    expect(readdirSync(dir).sort()).toEqual([...AREAS].sort())
    for (const area of AREAS)
      expect(readdirSync(join(dir, area)).sort()).toEqual(LANGUAGES.map((l) => `${l}.json`).sort())
  })

  it('finds a key missing or a placeholder that differs (the check itself)', () => {
    const en = { a: 'Hello {name}', b: '{n, plural, one {# visit} other {# visits}}', c: 'x' }
    expect(differences(en, { a: 'Hallo {name}', b: '{n, plural, one {# Besuch} other {# Besuche}}', c: 'y' })).toEqual(
      []
    )
    expect(differences(en, { a: 'Hallo {nom}', b: '{n} Besuche', c: 'y' })).toHaveLength(2)
    expect(differences(en, { a: 'Hallo {name}', b: '{n, plural, one {# B} other {# Bs}}' })).toEqual(['missing c'])
  })

  for (const area of AREAS)
    for (const language of LANGUAGES.filter((l) => l !== 'en'))
      it(`${area}/${language}: every English key, the same placeholders`, () => {
        expect(differences(read(area, 'en'), read(area, language))).toEqual([])
      })

  // One test per area: all of them in one test took 20–31 s at a load of ~20, past the unit timeout.
  for (const area of AREAS)
    it(`${area}: the pseudo-locale is every English message ~40 % longer and accented, formatting as English does`, () => {
      const en = read(area, 'en')
      const english = new Translator('en', en)
      const pseudo = new Translator('en-XA', pseudoCatalogue(en))
      for (const key of Object.keys(en)) {
        const values = {
          count: 2,
          seconds: 2,
          name: 'Ana',
          host: 'Bo',
          desk: 'D',
          time: 'T',
          range: 'R',
          doors: 'L',
          card: 'C',
          outcome: 'O'
        }
        // The saved files' names (file.*: exports, badges, visitors).
        Object.assign(values, { base: 'B', day: 'D' })
        // The roster's row note names the button above (roster).
        Object.assign(values, { action: 'A' })
        // A typed date's messages (area input).
        Object.assign(values, { text: '1.2', pattern: 'P', iso: 'I', example: 'E' })
        // Today's (area today): the live line, the stale note, keys help, counts and columns.
        Object.assign(values, { service: 'S', asOf: 'A', reason: 'R', since: 'S', lastAt: 'L', message: 'M' })
        Object.assign(values, { up: 'U', down: 'D', enter: 'E', open: 'O', print: 'P', walkIn: 'W', find: 'F' })
        Object.assign(values, { total: 3, date: 'D', cards: 2, printer: 'P', error: 'E' })
        // Import's counts written grouped, with the number their noun agrees with (area import).
        Object.assign(values, { cardCount: 2, totalCount: 3 })
        // The visitor form's and the Badges screen's (areas visitorForm, badges).
        Object.assign(values, { zone: 'Z', day: 'D', n: 1, job: 'J' })
        // The Visitors screen's (area visitors).
        Object.assign(values, { kept: 'K', list: 'L', card: 'C', holder: 'H' })
        // The shell's (area shell): the connection line, the pager, the permission notes.
        Object.assign(values, { still: 'S', page: 1, pages: 2, counted: 'C', key: 'K', keys: 'K', lacks: 'L' })
        // Audit's, Consoles' and Settings' (areas audit, consoles, settings), the printer panels' (badges).
        Object.assign(values, { file: 'F', start: 'S', end: 'E', until: 'U', kind: 'K', url: 'U', ms: 'M', uses: 'U' })
        Object.assign(values, {
          state: 'S',
          address: 'A',
          port: 'P',
          chosen: 'C',
          again: 'A',
          start: 'S',
          web: 'W',
          hash: 'H'
        })
        // Enroll's, Import's and Roster's (areas enroll, import, roster).
        Object.assign(values, { reader: 'R', type: 'T', enter: 'E' })
        Object.assign(values, { done: 3, failed: 1, toCheck: 1, waiting: 1, what: 'W', kind: 'pin', step: 'card' })
        Object.assign(values, {
          ready: 2,
          needsYou: 1,
          leftOut: 1,
          nothing: 1,
          left: 1,
          partly: 1,
          hours: 1,
          parts: 'P',
          steps: 'S'
        })
        Object.assign(values, {
          line: 2,
          detail: 'D',
          counts: 'C',
          rows: 2,
          columns: 3,
          sheet: 'S',
          shown: 2,
          displayId: 'D'
        })
        Object.assign(values, { said: 'S', text: 'T', number: 'N', label: 'L', ahead: 'A', undecided: 1 })
        Object.assign(values, { alias: 'A', file: 'F', owner: 'O', active: 'A', here: 'H' })
        // Import's panels (area import): the batch list, the CSV preview, the rows, the upload, the reader.
        Object.assign(values, { entered: 'E', sent: 'S', current: 1, size: 'S', limit: 'L', fixed: 1, imported: 1 })
        Object.assign(values, { unknown: 1, found: 1, absent: 1, words: 'W', part: 1, reversed: 'R', decimal: 'D' })
        // A stopped upload's outcome once its lost part was read back (upload.stopSettled).
        Object.assign(values, { onConsole: 1, notSent: 1 })
        // Touch Passes' take back (area touchPasses): the pass's name, and the name it has now.
        Object.assign(values, { pass: 'P', now: 'N' })
        // Import's alias pattern problem; the roster's kept sentences (area roster, `said.*`).
        Object.assign(values, { placeholder: '{n}', padded: '{n:3}', who: 'W', otherKind: 'name', otherText: 'O' })
        Object.assign(values, { otherCount: 1, otherWho: 'O', status: 'over', cell: 'C', understood: 'U', holder: 'H' })
        Object.assign(values, { ownerKind: 'user', ownerId: 'I', digits: '1', hexHeld: 'no', decimalHeld: 'no' })
        Object.assign(values, { decimalNumber: 'N', cause: 'C' })
        // The Start screen's (area start): a screen's name.
        Object.assign(values, { screen: 'S', examples: 'E', problem: 'P', why: 'read' })
        // Cards, PINs and Touch Passes (areas cards, pins, touchPasses).
        Object.assign(values, { matched: 1, loaded: 1, status: 'S', detail: 'D', what: 'W', alias: 'A', value: 'V' })
        // A device's wallet as the console names it (area touchPasses, wallet.other).
        Object.assign(values, { source: 'S' })
        Object.assign(values, { kind: 'user', pin: 'P', type: 'user', query: 'Q', shown: 1 })
        Object.assign(values, { device: 'D', asked: 2, grew: 2, before: 1, after: 3, free: 1, passes: 'P', code: 1 })
        // Main's errors (area errors): the facts of details.
        Object.assign(values, { msg: 'M', what: 'W', permission: 'P', minVersion: 'V', status: 500, failure: 'F' })
        Object.assign(values, {
          url: 'U',
          reason: 'R',
          which: 'W',
          restarted: 'R',
          triesLeft: 2,
          waitSeconds: 2,
          max: 64
        })
        // Main's errors of cards, printers, rosters and storage (area errors).
        Object.assign(values, { named: 'yes', printerName: 'P', printerHost: 'H', printed: 'badge', called: 'C' })
        Object.assign(values, { calledIn: 'C', the: 'T', notPrinted: 'N', cancelled: 'C', size: 'S', takes: 'T' })
        // A printer's own reason and its fix, as parts of a printer's failure and of its state.
        Object.assign(values, { againFromBadges: 'A', reasonSaid: 'R', reasonHint: 'H' })
        Object.assign(values, {
          host: 'H',
          input: 'I',
          socket: 'S',
          transport: 'T',
          cause: 'C',
          folder: 'F',
          path: 'P'
        })
        Object.assign(values, {
          order: 'asRead',
          typed: 'T',
          hasAlias: 'yes',
          hasOwner: 'yes',
          heldAs: 'H',
          reversed: 'yes',
          other: 'O'
        })
        Object.assign(values, { nfcId: 'N', holder: 'H', cell: 'C', sizeMb: 2, limitMb: 4, owner: 'O', active: 'A' })
        Object.assign(values, { lines: 'L', more: 'no', part: 1, parts: 2, rowId: 'R' })
        // The Import screen's own sentences (area import): a card typed, a CSV read, the shell's missing keys.
        Object.assign(values, { changed: 'yes', numbered: 'yes', aliased: 'yes', digits: 'D', uid: 'U', keys: 'K' })
        Object.assign(values, { ok: 1, repaired: 1, refused: 1, duplicate: 1, valid: 2 })
        // A data folder in use (area errors, DATA_DIR_IN_USE): where, and the process that holds it.
        Object.assign(values, { dataDir: '/d', process: '1' })
        // An answer out of the contract: its field and the reader's issue (area errors).
        Object.assign(values, { field: 'F', issue: 'I' })
        // A CSV's file notes, a row's reason kept in a batch (area import).
        Object.assign(values, { bom: 'yes', without: 2, at: 'A' })
        // A roster's file notes (area import, as a CSV's): the extra columns' first name, or its letter;
        // a roster's unnamed column (area roster); an error kept with a record names its console (area errors).
        Object.assign(values, { column: 'C', letter: 'D', console: 'Site A' })
        // The CLI's usage errors (area cli, usage.*): the option typed, what it takes, the shell's command.
        Object.assign(values, { flag: 'F', option: 'O', channel: 'C', names: 'N', guess: 'yes', languages: 'L' })
        Object.assign(values, { given: 'G', fromEnv: 'yes', defaultFolder: 'D', reads: 'R', command: 'C' })
        Object.assign(values, { keep: 'yes', saved: 'S', words: 'W', where: 'stdin', hasFields: 'yes' })
        // The CLI's help (area cli, help.*): the version, examples to copy, a channel's shape.
        Object.assign(values, { version: 'V', answer: 'A', json: 'J', options: 'O', probe: 'P', save: 'S' })
        Object.assign(values, { shape: 'S', paged: 'yes', cardsLoad: 'C' })
        // The shell's reach line and the search pickers (area shell).
        Object.assign(values, { keys: 'K', term: 'T', over: 'ended', button: 'B', title: 'T' })
        // An audit row's facts (area audit, fact.*): only the names not given above.
        Object.assign(values, {
          fields: 'F',
          before: 'B',
          after: 'A',
          status: 'S',
          batch: 'B',
          file: 'F',
          imported: 2,
          notImported: 1,
          asked: 3,
          passes: 'P',
          pass: 'P',
          user: 'U',
          users: 'U',
          found: 1,
          sent: 2,
          id: 'I'
        })
        // Today’s access, the sidebar’s check, the finds, the reader and the CSV lines (only the names not given above).
        Object.assign(values, {
          ...{
            held: 'H',
            checked: 'C',
            advice: 'A',
            value: 'V',
            hex: 'H',
            cardId: 'C',
            number: 'N',
            os: 'linux',
            reader: 'R',
            separator: ';',
            what: 'alias',
            problem: 'odd',
            bytes: '3',
            zeroLost: 'yes',
            decimalUid: 'U',
            digitsWritten: 'W',
            columns: '3',
            max: '128',
            line: '1',
            card: 'C',
            alias: 'A',
            to: 'retry',
            alone: 'no',
            when: 'W',
            yesWords: 'yes, ja',
            noWords: 'no, nein',
            apart: 'P'
          },
          ...values
        })
        const a = english.t(key, { ...values, language: 'L' })
        const b = pseudo.t(key, { ...values, language: 'L' })
        expect(b.length, `${area} ${key}`).toBeGreaterThanOrEqual(Math.floor(a.length * 1.3))
        expect(b, `${area} ${key}`).not.toBe(a)
      }
    })
})
