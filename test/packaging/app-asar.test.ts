import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Arch, build, Platform, type AfterPackContext } from 'electron-builder'
// electron-builder's own desktop-entry and icon logic (the deb and AppImage targets use it; they cannot
// run here: fpm and the AppImage tool are downloads).
import { LinuxTargetHelper } from 'app-builder-lib/out/targets/LinuxTargetHelper'
import { extractAll, listPackage, statFile } from '@electron/asar'
import { getCurrentFuseWire } from '@electron/fuses'
import config from '../../electron-builder.config'
import { afterPack } from '../../scripts/packaging/after-pack'
import { fuseConfig } from '../../scripts/packaging/fuses'
import { layOutStandInElectron } from './support/stand-in-electron'
import { walkModules, type DynamicImport } from './support/module-graph'
import { layOutApp, startMain } from './support/start-main'
import { channelNames } from '../../src/shared/ipc/contract'

const root = fileURLToPath(new URL('../..', import.meta.url))
const project = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  devDependencies: Record<string, string>
}
const electronVersion = (
  JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')) as { version: string }
).version
const electronAbi = Number(readFileSync(join(root, 'node_modules/electron/abi_version'), 'utf8'))
const addon = 'node_modules/@pokusew/pcsclite/build/Release/pcsclite.node'
// npm install builds the addon only where libpcsclite-dev is installed (CI installs it).
const addonBuilt = existsSync(join(root, addon))

/** Imports held in variables, which the walk cannot read: each is what the code loads at run time. */
const dynamicImports: DynamicImport[] = [
  // The reader host loads nfc-pcsc through createRequire with the module name in a variable.
  { from: 'out/main/reader-host.js', specifier: 'nfc-pcsc' },
  // pcsclite finds its addon through `bindings('pcsclite')`.
  { from: 'node_modules/@pokusew/pcsclite/lib/pcsclite.js', specifier: '../build/Release/pcsclite.node' }
]

/** Text the walk reads as an import that is not one (comments, messages), or an optional import in a try. */
const notImports = [
  { specifier: 'supports-color', from: 'node_modules/debug/src/node.js' }, // optional, in try/catch
  // ws's optional native speed-ups, each required in a try/catch (ws runs without them)
  { specifier: 'bufferutil', from: 'node_modules/ws/lib/buffer-util.js' },
  { specifier: 'utf-8-validate', from: 'node_modules/ws/lib/validation.js' },
  { specifier: './utils', from: 'node_modules/qrcode/lib/renderer/terminal/terminal.js' }, // commented out
  // read-excel-file's worker helper names its browser variant in a usage comment
  { specifier: './createWorkerInBrowser.ts', from: 'node_modules/worker-f/commonjs/createWorker.js' },
  { specifier: './createWorkerInBrowser.ts', from: 'node_modules/worker-f/lib/createWorker.js' },
  { specifier: 'SonicBoom', from: 'node_modules/sonic-boom/index.js' }, // an error message
  { specifier: ' || arg === ', from: 'node_modules/pino/lib/transport.js' }, // a string
  // date-fns (bundled into main with the pass window the kiosk shares with Today) names a file in a usage comment
  { specifier: './constructFrom/date-fns', from: /^out\/main\/[\w-]+\.js$/ },
  // and date-fns's format (bundled with the desk's day, services/today/desk-day.ts) one in its usage comment
  { specifier: 'date-fns/locale/eo', from: /^out\/main\/[\w-]+\.js$/ }
]

/** Package directories inside a node_modules tree (nested ones too), as `node_modules/a/node_modules/b`. */
function packageDirs(dir: string, prefix = ''): string[] {
  const nm = join(dir, 'node_modules')
  if (!existsSync(nm)) return []
  return readdirSync(nm)
    .filter((name) => !name.startsWith('.'))
    .flatMap((name) => (name.startsWith('@') ? readdirSync(join(nm, name)).map((s) => `${name}/${s}`) : [name]))
    .flatMap((name) => [
      `${prefix}node_modules/${name}`,
      ...packageDirs(join(nm, name), `${prefix}node_modules/${name}/`)
    ])
}

describe('the packaged app (electron-builder --linux dir on a stand-in Electron)', () => {
  let work: string
  let appOutDir: string
  let asarFile: string
  let extracted: string
  let packError: Error | undefined
  let packed: AfterPackContext | undefined

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'access-desk-pack-'))
    const electronDist = await layOutStandInElectron(join(work, 'electron-dist'), electronVersion)
    // npmRebuild off: rebuilding for Electron needs its headers' download. The packed addon is then the one
    // npm install built against Node's headers, the very addon the afterPack hook must refuse.
    packError = await build({
      projectDir: root,
      targets: Platform.LINUX.createTarget('dir', Arch.x64),
      config: {
        ...config,
        electronDist,
        npmRebuild: false,
        directories: { ...config.directories, output: work },
        // The real hook, with its context kept for the desktop entry below.
        afterPack: (context) => afterPack((packed = context))
      }
    }).then(
      () => undefined,
      (err: Error) => err
    )
    appOutDir = join(work, 'linux-unpacked')
    asarFile = join(appOutDir, 'resources', 'app.asar')
    extracted = join(work, 'app')
    extractAll(asarFile, extracted)
  }, 120_000)

  afterAll(async () => {
    if (work) await rm(work, { recursive: true, force: true })
  })

  it("refuses to ship the nfc-pcsc addon built for Node's ABI instead of Electron's", () => {
    expect(packError).toBeInstanceOf(Error)
    expect(packError!.message).toContain('Refusing to package native addons Electron cannot load')
    if (addonBuilt)
      expect(packError!.message).toContain(
        `${addon} was built for NODE_MODULE_VERSION ${process.versions.modules}; Electron ${electronVersion} needs ${electronAbi}`
      )
    else expect(packError!.message).toContain(`${addon} is missing from app.asar.unpacked`)
  })

  it('holds the built app, its package.json and node_modules, nothing else of the repository', async () => {
    const top = readdirSync(extracted).sort()
    expect(top).toEqual(['node_modules', 'out', 'package.json'])
    const built = (dir: string): string[] =>
      readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => relative(root, join(e.parentPath, e.name)).split(sep).join('/'))
    const packedOut = built('out').filter((f) => existsSync(join(extracted, f)))
    // Every built file but web mode's socket bridge, which the desktop app never loads.
    expect(packedOut.sort()).toEqual(
      built('out')
        .filter((f) => f !== 'out/renderer/web-bridge.js')
        .sort()
    )
    const manifest = JSON.parse(await readFile(join(extracted, 'package.json'), 'utf8')) as Record<string, unknown>
    expect(manifest['main']).toBe('out/main/index.js')
    expect(manifest['devDependencies']).toBeUndefined()
  })

  it('resolves every import of the built entry points inside the archive, and packs no package they never reach', () => {
    const graph = walkModules(
      extracted,
      ['out/main/index.js', 'out/main/reader-host.js', 'out/preload/index.cjs'],
      dynamicImports
    )
    const unresolved = graph.unresolved.filter(
      (u) =>
        !notImports.some(
          (n) => n.specifier === u.specifier && (typeof n.from === 'string' ? n.from === u.from : n.from.test(u.from))
        )
    )
    expect(unresolved).toEqual([])
    // The demo console (the first-start default) and the reader host's module come along.
    for (const pkg of ['fastify', '@fastify/multipart', 'selfsigned', 'qrcode', 'nfc-pcsc', '@pokusew/pcsclite'])
      expect(graph.packages).toContain(`node_modules/${pkg}`)
    const packed = packageDirs(extracted).filter((dir) => existsSync(join(extracted, dir, 'package.json')))
    expect(packed.filter((dir) => !graph.packages.has(dir))).toEqual([])
    expect(packed.length).toBe(graph.packages.size)
  })

  it('holds no test, fixture, source file or development dependency', () => {
    const files = listPackage(asarFile, { isPack: false }).map((f) => f.split(sep).join('/'))
    expect(files.filter((f) => /^\/(src|test|bench|docs|scripts|resources|\.ci)(\/|$)/.test(f))).toEqual([])
    expect(files.filter((f) => /\.(test|spec|e2e)\.[cm]?[jt]s$|\.ts$/.test(f) && !f.endsWith('.d.ts'))).toEqual([])
    const packed = new Set(packageDirs(extracted).map((dir) => dir.replace(/^.*node_modules\//, '')))
    expect(Object.keys(project.devDependencies).filter((name) => packed.has(name))).toEqual([])
    for (const heavy of ['tsx', 'esbuild', 'svelte', 'vite', 'electron', 'nan', 'yargs'])
      expect(packed.has(heavy), heavy).toBe(false)
  })

  it('unpacks the native addon next to the archive, where Electron can load it', () => {
    if (!addonBuilt) return
    expect(statFile(asarFile, addon)).toMatchObject({ unpacked: true })
    expect(existsSync(join(appOutDir, 'resources', 'app.asar.unpacked', addon))).toBe(true)
    // Only the addon of pcsclite's build output is shipped, not node-gyp's objects.
    expect(
      existsSync(
        join(appOutDir, 'resources', 'app.asar.unpacked', 'node_modules/@pokusew/pcsclite/build/Release/obj.target')
      )
    ).toBe(false)
  })

  it('flips the fuses of the packed binary as fuseConfig says', async () => {
    const wire = await getCurrentFuseWire(join(appOutDir, 'access-desk'))
    const asChar = (on: boolean) => (on ? '1' : '0').charCodeAt(0)
    for (let i = 0; i < 8; i++)
      expect(wire[i as keyof typeof wire], `fuse ${i}`).toBe(
        asChar(fuseConfig[i as keyof typeof fuseConfig] as boolean)
      )
  })

  it('starts from the packed files alone (stand-in electron): demo console, every channel, a clean quit', async () => {
    const appDir = await layOutApp(join(work, 'packed-main'), join(extracted, 'out'), join(extracted, 'node_modules'))
    const main = startMain(appDir, join(work, 'packed-user-data'))
    try {
      await main.next('window', 30_000)
      expect(main.reports.filter((r) => r.type === 'handle')).toHaveLength(channelNames.length)
      // The first-start default, the built-in demo console, runs from the packed fastify and selfsigned.
      main.child.send({ type: 'invoke', channel: 'connections.list', input: undefined })
      const listed = await main.next('invoked', 20_000, (r) => r['channel'] === 'connections.list')
      const profiles = (listed['envelope'] as { result: { profiles: { url: string }[] } }).result.profiles
      expect(profiles.map((p) => p.url)).toEqual([expect.stringMatching(/^https:\/\/127\.0\.0\.1:\d+$/)])
      main.child.send({ type: 'close' })
      expect(await main.exited).toEqual({ code: 0, signal: null })
      expect(main.stderr()).not.toMatch(/Error|could not start/)
    } finally {
      if (main.child.exitCode === null) main.child.kill('SIGKILL')
    }
  })

  it('starts without a loadable PC/SC addon and says what to install', async () => {
    // The packed app where the addon cannot load (as where libpcsclite is not installed): a copy of the
    // packed pcsclite whose .node is not a shared library.
    const appDir = await layOutApp(join(work, 'no-pcsc'), join(extracted, 'out'), join(extracted, 'node_modules'))
    await rm(join(appDir, 'node_modules/@pokusew'))
    await cp(join(extracted, 'node_modules/@pokusew'), join(appDir, 'node_modules/@pokusew'), { recursive: true })
    await writeFile(join(appDir, addon), 'not a shared library')
    const main = startMain(appDir, join(work, 'no-pcsc-user-data'))
    try {
      await main.next('window', 30_000)
      let status: { state: string; message: string; hint?: string } | undefined
      for (let i = 0; i < 100 && status?.state !== 'unavailable'; i++) {
        const from = main.reports.length
        main.child.send({ type: 'invoke', channel: 'reader.status', input: undefined })
        const answer = await main.next('invoked', 20_000, (r) => main.reports.indexOf(r) >= from)
        status = (answer['envelope'] as { result: typeof status }).result
        if (status?.state !== 'unavailable') await new Promise((r) => setTimeout(r, 100))
      }
      expect(status?.state).toBe('unavailable')
      expect(status?.message).toContain('The NFC reader module could not be loaded')
      expect(status?.hint).toContain('pcscd')
      expect(main.reports.filter((r) => r.type === 'fork').map((r) => r['entry'])).toEqual([
        join(appDir, 'out/main/reader-host.js')
      ])
      main.child.send({ type: 'close' })
      expect(await main.exited).toEqual({ code: 0, signal: null })
    } finally {
      if (main.child.exitCode === null) main.child.kill('SIGKILL')
    }
  })

  it('describes the app to Linux desktops: entry with categories, and an icon of every size', async () => {
    const helper = new LinuxTargetHelper(packed!.packager as never)
    const entry = await helper.computeDesktopEntry(config.linux!)
    expect(entry.split('\n')).toEqual(
      expect.arrayContaining([
        '[Desktop Entry]',
        'Name=Access Desk',
        'Exec="/opt/Access Desk/access-desk" %U',
        'Type=Application',
        'Icon=access-desk',
        'StartupWMClass=access-desk',
        'Categories=Office;',
        'GenericName=Access credentials and visitors',
        `Comment=${config.linux!.description}`
      ])
    )
    // No file association or URL scheme: the app opens none.
    expect(entry).not.toContain('MimeType=')
    const icons = (await helper.icons).map((icon) => icon.size).sort((a, b) => a - b)
    expect(icons).toEqual([16, 24, 32, 48, 64, 128, 256, 512, 1024])
  })
})
