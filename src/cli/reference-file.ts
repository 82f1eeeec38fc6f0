import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { format, resolveConfig } from 'prettier'
import { buildCatalog } from './catalog'
import { cliReference } from './reference'

/** docs/cli-reference.md as it must read: generated, then formatted as the repository's prettier formats it. */
export async function referenceText(root: string): Promise<string> {
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string }
  const file = join(root, 'docs/cli-reference.md')
  const config = (await resolveConfig(file)) ?? {}
  return format(cliReference(buildCatalog(version)), { ...config, filepath: file })
}
