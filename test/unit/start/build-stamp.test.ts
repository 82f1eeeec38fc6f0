import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { link, mkdir, readFile, rm, utimes, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { BUILT_OUTPUTS, beginStamp, buildNeeded, stampPath, writeStamp } from '../../../scripts/build-stamp.mjs'
import { tempDir } from '../../support/temp'

/**
 * `npm start` / `npm run cli` build only when out/ was not built from the sources as they are: a
 * project folder in miniature, "built" the way electron.vite.config.ts records a build.
 */
describe('build stamp: whether a start must build first', () => {
  let project: Awaited<ReturnType<typeof tempDir>>
  const file = (path: string, text = 'x') =>
    mkdir(dirname(join(project.path, path)), { recursive: true }).then(() => writeFile(join(project.path, path), text))

  async function build() {
    const stamp = beginStamp(project.path)
    for (const out of BUILT_OUTPUTS) await file(out, 'built')
    writeStamp(project.path, stamp)
  }

  beforeEach(async () => {
    project = await tempDir('access-desk-stamp-')
    await file('src/main/index.ts', 'export {}')
    await file('src/renderer/src/App.svelte', '<p>app</p>')
    await file('electron.vite.config.ts')
    await file('package.json', '{}')
    await file('package-lock.json', '{}')
    await file('tsconfig.json', '{}')
  })
  afterEach(() => project.remove())

  it('builds when out/ is missing', () => {
    expect(buildNeeded(project.path)).toMatch(/out\/main\/index\.js is missing/)
  })

  it('a build of a checkout whose node_modules is hard-linked from another leaves the other’s stamp alone', async () => {
    await build()
    // A second checkout made with `cp -al`: the same stamp file under two names.
    const other = await tempDir('access-desk-stamp-other-')
    try {
      await mkdir(dirname(stampPath(other.path)), { recursive: true })
      await link(stampPath(project.path), stampPath(other.path))
      const before = await readFile(stampPath(other.path), 'utf8')
      await utimes(join(project.path, 'src/main/index.ts'), new Date(), new Date(Date.now() + 5_000))
      await build()
      expect(await readFile(stampPath(other.path), 'utf8')).toBe(before)
      expect(await readFile(stampPath(project.path), 'utf8')).not.toBe(before)
    } finally {
      await other.remove()
    }
  })

  it('does not build when nothing changed since the last build', async () => {
    await build()
    expect(buildNeeded(project.path)).toBeUndefined()
  })

  it('builds when a source file changed, was added or removed', async () => {
    await build()
    await file('src/main/index.ts', 'export const changed = 1')
    expect(buildNeeded(project.path)).toBe('sources changed since the last build')
    await build()
    await file('src/main/new.ts', 'export {}')
    expect(buildNeeded(project.path)).toBe('sources changed since the last build')
    await build()
    await rm(join(project.path, 'src/renderer/src/App.svelte'))
    expect(buildNeeded(project.path)).toBe('sources changed since the last build')
  })

  it('builds when only the mtime of an input changed (same size), or a tsconfig or the lock file did', async () => {
    await build()
    const later = new Date(Date.now() + 5000)
    await utimes(join(project.path, 'src/main/index.ts'), later, later)
    expect(buildNeeded(project.path)).toBe('sources changed since the last build')
    await build()
    await file('tsconfig.node.json', '{}')
    expect(buildNeeded(project.path)).toBe('sources changed since the last build')
    await build()
    await file('package-lock.json', '{"lockfileVersion":3}')
    expect(buildNeeded(project.path)).toBe('sources changed since the last build')
  })

  it('builds when an output was removed, or is left from before the last build started (it failed part way)', async () => {
    await build()
    await rm(join(project.path, 'out/main/cli.js'))
    expect(buildNeeded(project.path)).toMatch(/out\/main\/cli\.js is missing/)
    await build()
    const earlier = new Date(Date.now() - 60_000)
    await utimes(join(project.path, 'out/renderer/index.html'), earlier, earlier)
    expect(buildNeeded(project.path)).toMatch(/out\/renderer\/index\.html is older than the last build/)
  })

  it('builds when no build was recorded', async () => {
    await build()
    await rm(join(project.path, 'node_modules'), { recursive: true })
    expect(buildNeeded(project.path)).toBe('no build has been recorded')
  })
})
