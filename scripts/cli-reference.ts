// Writes docs/cli-reference.md from the contract: `node --import tsx scripts/cli-reference.ts`
// (test/unit/cli/cli-reference.test.ts fails when it is out of date).
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'
import { referenceText } from '../src/cli/reference-file'

const root = fileURLToPath(new URL('..', import.meta.url))
writeFileSync(join(root, 'docs/cli-reference.md'), await referenceText(root))
console.log('docs/cli-reference.md written from the contract.')
