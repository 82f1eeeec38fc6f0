import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { referenceText } from '../../../src/cli/reference-file'
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
