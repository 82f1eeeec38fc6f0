import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { readYesNo, understoodYesNo, yesNoLanguages } from '../../../src/shared/roster/yes-no-words'

/**
 * The words a roster's PIN and Touch Pass cells are read by, written out here on their own (not
 * taken from the module): the table must say exactly these, and nothing else may read as yes or no.
 */
const YES = [
  'yes',
  'y',
  'true',
  'ja',
  'j',
  'wahr',
  'oui',
  'o',
  'vrai',
  'sí',
  'si',
  's',
  'verdadero',
  '1',
  'x',
  '✓',
  '✔'
]
const NO = ['no', 'n', 'false', 'nein', 'falsch', 'non', 'faux', 'falso', '0', '✗', '✘']

/** Case and accent variants as people type them. */
const variants = (word: string) => [
  word,
  word.toUpperCase(),
  word[0]!.toUpperCase() + word.slice(1),
  ` ${word}\t`,
  word.normalize('NFD')
]

describe('yes/no words of a roster cell', () => {
  it('reads every yes and no of English, German, French and Spanish, in any case, accents composed or not', () => {
    for (const word of YES) for (const v of variants(word)) expect(readYesNo(v), JSON.stringify(v)).toBe('yes')
    for (const word of NO) for (const v of variants(word)) expect(readYesNo(v), JSON.stringify(v)).toBe('no')
    expect(['Sí', 'OUI', 'Nein', 'JA', 'Non', 'SI'].map(readYesNo)).toEqual(['yes', 'yes', 'no', 'yes', 'no', 'yes'])
    // An empty cell is an unticked box.
    expect(readYesNo('')).toBe('no')
    expect(readYesNo('   ')).toBe('no')
  })

  it('the table holds exactly these words, and the message lists each', () => {
    expect(yesNoLanguages.flatMap((l) => l.yes).sort()).toEqual([...YES].sort())
    expect(yesNoLanguages.flatMap((l) => l.no).sort()).toEqual([...NO].sort())
    for (const word of [...YES, ...NO]) expect(understoodYesNo).toContain(word)
    expect(understoodYesNo).toContain('empty')
  })

  it('never reads a word it does not know as yes or no', () => {
    const known = new Set([...YES, ...NO])
    // Near misses of known words (a letter added, a dot, a word around it) and any text at all.
    const nearMiss = fc
      .tuple(fc.constantFrom(...YES, ...NO), fc.string({ maxLength: 3 }), fc.string({ maxLength: 3 }))
      .map(([word, before, after]) => `${before}${word}${after}`)
    const anyText = fc.string({ unit: 'grapheme', maxLength: 12 })
    fc.assert(
      fc.property(
        fc.oneof(nearMiss, anyText, fc.constantFrom('vielleicht', 'peut-être', 'quizás', 'maybe', '-', '?')),
        (cell) => {
          const word = cell.trim().normalize('NFC').toLowerCase()
          const read = readYesNo(cell)
          if (word === '') expect(read).toBe('no')
          else if (!known.has(word)) expect(read, JSON.stringify(cell)).toBeUndefined()
          else expect(read).toBe(YES.includes(word) ? 'yes' : 'no')
        }
      ),
      { numRuns: 2000 }
    )
  })
})
