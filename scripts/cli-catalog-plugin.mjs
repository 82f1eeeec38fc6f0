// The CLI's catalog, written by the build next to the launcher: out/main/cli-catalog.json holds every
// channel's summary and its input and output as JSON Schema, made from the zod contract by the built
// `cli-catalog` entry (src/cli/catalog.ts), so `access-desk --help`, `--version`, `channels` and
// `<channel> --help` print it without loading zod or the app (src/main/cli.ts).
import { readFileSync, writeFileSync, chmodSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

export function cliCatalog(root) {
  return {
    name: 'access-desk-cli-catalog',
    async writeBundle(options) {
      const dir = options.dir ?? join(root, 'out/main')
      const entry = join(dir, 'cli-catalog.js')
      if (!existsSync(entry)) return
      const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
      // A query per build: a second build in one process (watch) must not get the first one's module.
      const { buildCatalog } = await import(`${pathToFileURL(entry).href}?build=${Date.now()}`)
      writeFileSync(join(dir, 'cli-catalog.json'), JSON.stringify(buildCatalog(version)))
      // The installed command runs the launcher directly (its first line names node).
      const launcher = join(dir, 'access-desk.js')
      if (existsSync(launcher)) chmodSync(launcher, 0o755)
    }
  }
}
