import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { referenceText } from '../../../src/cli/reference-file'
import { inputFlags } from '../../../src/cli/help'
import { cliWords } from '../../../src/shared/i18n/file-words'
import { channelNames } from '../../../src/shared/ipc/contract'

describe('docs/cli-reference.md', () => {
  it('is what the contract says now (regenerate: node --import tsx scripts/cli-reference.ts)', async () => {
    const root = process.cwd()
    const expected = await referenceText(root)
    for (const name of channelNames) expect(expected).toContain(`#### \`${name}\``)
    expect(expected).toContain('| 4    | certificate changed')
    expect(readFileSync(join(root, 'docs/cli-reference.md'), 'utf8')).toBe(expected)
  })
})

describe("a channel's --field lines", () => {
  const field = { type: 'string', maxLength: 100 }
  it('call a field required when the input must be given', () => {
    const input = { type: 'object', properties: { watcher: field }, required: ['watcher'] }
    expect(inputFlags({ name: 'x.y', summary: '', input, output: {} }, cliWords('en'))).toEqual([
      '  --watcher <string>  required, at most 100 characters'
    ])
  })
  it('call no field required when the whole input may be left out (today.watch)', () => {
    const object = { type: 'object', properties: { watcher: field }, required: ['watcher'] }
    const input = { anyOf: [object, { type: 'null' }] }
    expect(inputFlags({ name: 'x.y', summary: '', input, output: {} }, cliWords('en'))).toEqual([
      '  --watcher <string>  at most 100 characters'
    ])
  })
  it('name a yes/no field by its own flag: --read alone is true, --no-read false (the parser takes both)', () => {
    const input = { type: 'object', properties: { read: { type: 'boolean', default: false } } }
    expect(inputFlags({ name: 'x.y', summary: '', input, output: {} }, cliWords('en'))).toEqual([
      '  --read <boolean>  default false, --read alone is true, --no-read false'
    ])
    expect(inputFlags({ name: 'x.y', summary: '', input, output: {} }, cliWords('de'))[0]).toContain(
      '--read allein ist true, --no-read false'
    )
  })
})
