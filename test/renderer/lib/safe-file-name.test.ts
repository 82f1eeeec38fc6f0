// @vitest-environment node
import { describe, expect, it } from 'vitest'
import { safeFileName } from '../../../src/renderer/src/lib/download'

/** A badge's PDF is named after the visitor: a name with umlauts or ß was cut into pieces ("Ju-rgen-Gro-e"). */
describe('a file name made from a person’s name', () => {
  it('keeps each accented letter as its letter and spells out ß, æ and ø', () => {
    expect(safeFileName('Jürgen Größe-Weiß')).toBe('Jurgen-Grosse-Weiss')
    expect(safeFileName('María José García')).toBe('Maria-Jose-Garcia')
    expect(safeFileName('Søren Ærø')).toBe('Soren-AEro')
    expect(safeFileName('Zoë / O’Brien')).toBe('Zoe-O-Brien')
  })
  it('keeps a name in another script, and is never empty', () => {
    expect(safeFileName('王小明')).toBe('王小明')
    expect(safeFileName('***')).toBe('file')
  })
})
