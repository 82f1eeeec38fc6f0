import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { mkdir, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { Arch, build, Platform } from 'electron-builder'
import { extractAll, listPackage } from '@electron/asar'
import config from '../../electron-builder.config'
import { layOutStandInElectron } from './support/stand-in-electron'
import { layOutApp } from './support/start-main'

const run = promisify(execFile)
const root = fileURLToPath(new URL('../..', import.meta.url))
const project = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  version: string
  bin: Record<string, string>
}
const electronVersion = (
  JSON.parse(readFileSync(join(root, 'node_modules/electron/package.json'), 'utf8')) as { version: string }
).version

describe('the access-desk command inside the desktop package', () => {
  let work: string
  let extracted: string
  let listed: string[]

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'access-desk-pack-cli-'))
    const electronDist = await layOutStandInElectron(join(work, 'electron-dist'), electronVersion)
    // The addon check of afterPack refuses a Node-built addon here (test/packaging/app-asar.test.ts):
    // the archive is written before it, and is what this reads.
    await build({
      projectDir: root,
      targets: Platform.LINUX.createTarget('dir', Arch.x64),
      config: { ...config, electronDist, npmRebuild: false, directories: { ...config.directories, output: work } }
    }).catch(() => undefined)
    const asarFile = join(work, 'linux-unpacked', 'resources', 'app.asar')
    listed = listPackage(asarFile, { isPack: false }).map((p) => p.replace(/\\/g, '/'))
    extracted = join(work, 'app')
    extractAll(asarFile, extracted)
  }, 180_000)

  afterAll(async () => {
    if (work) await rm(work, { recursive: true, force: true })
  })

  it('ships the launcher package.json names as bin, and the catalog its help prints', () => {
    expect(project.bin).toEqual({ 'access-desk': 'out/main/access-desk.js' })
    expect(listed).toContain('/out/main/access-desk.js')
    expect(listed).toContain('/out/main/cli-catalog.json')
    const packedPackage = JSON.parse(readFileSync(join(extracted, 'package.json'), 'utf8')) as { bin: unknown }
    expect(packedPackage.bin).toEqual(project.bin)
  })

  it('runs from the packed files alone: --version, --help, and a call on the demo console', async () => {
    const appDir = await layOutApp(join(work, 'packed-cli'), join(extracted, 'out'), join(extracted, 'node_modules'))
    const cli = (...args: string[]) =>
      run(process.execPath, ['--preserve-symlinks', '--preserve-symlinks-main', 'out/main/access-desk.js', ...args], {
        cwd: appDir
      })
    expect((await cli('--version')).stdout).toBe(`access-desk ${project.version}\n`)
    expect((await cli('--help')).stdout).toMatch(/^Usage:/m)
    const data = join(work, 'data')
    await mkdir(data)
    const pin = await cli('--data', data, '--demo', 'pins.generate')
    expect(JSON.parse(pin.stdout)).toMatchObject({ pin: expect.stringMatching(/^\d{8}$/) })
  }, 120_000)
})
