// `npm run cli`: the installed command's launcher (out/main/access-desk.js), built first only when the
// sources changed since the last build (scripts/ensure-built.mjs). Run in this process: no second Node start.
import { fileURLToPath, pathToFileURL } from 'node:url'
import { join } from 'node:path'
import { ensureBuilt } from './ensure-built.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))
// stderr, and only when it builds: stdout is the answer a script reads.
const built = ensureBuilt(root, (line) => process.stderr.write(line + '\n'), { quietWhenUnchanged: true })
if (built !== 0) process.exit(built)
// The CLI reads its arguments from process.argv.slice(2), which are this script's.
await import(pathToFileURL(join(root, 'out/main/access-desk.js')).href)
