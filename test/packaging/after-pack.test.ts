import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { FuseV1Options, FuseVersion } from '@electron/fuses'
import type { AfterPackContext } from 'electron-builder'
import { fuseConfig } from '../../scripts/packaging/fuses'
import { checkAddons, requiredAddons } from '../../scripts/packaging/after-pack'
import { addonAbi, electronAbi } from '../../scripts/packaging/addon-abi'

const root = fileURLToPath(new URL('../..', import.meta.url))
const addon = requiredAddons[0]!
// npm install builds the addon only where libpcsclite-dev is installed (CI installs it).
const addonBuilt = existsSync(join(root, addon))
const nodeAbi = Number(process.versions.modules)
const cc = spawnSync('cc', ['--version']).status === 0

/**
 * A shared library that registers itself as Node's NAN-style addons do (node_module_register), declaring
 * `abi`: what an addon rebuilt against another runtime's headers looks like to the loader.
 */
function compileAddon(dir: string, abi: number): string {
  const source = join(dir, `abi-${abi}.c`)
  const out = join(dir, `abi-${abi}.node`)
  const c = `struct node_module { int v; unsigned f; void *d; const char *file; void *r; void *cr; const char *name; void *p; void *l; };
extern void node_module_register(void *);
static struct node_module m = { ${abi}, 0, 0, "abi.c", 0, 0, "abi", 0, 0 };
__attribute__((constructor)) static void reg(void) { node_module_register(&m); }
`
  execFileSync('sh', ['-c', `cat > "${source}" && cc -shared -fPIC -o "${out}" "${source}"`], { input: c })
  return out
}

describe('the fuses flipped at packaging', () => {
  it('turn off running as Node, NODE_OPTIONS and --inspect; load only the integrity-checked app.asar; encrypt cookies', () => {
    const { RunAsNode, EnableNodeOptionsEnvironmentVariable, EnableNodeCliInspectArguments } = FuseV1Options
    const { LoadBrowserProcessSpecificV8Snapshot, GrantFileProtocolExtraPrivileges } = FuseV1Options
    // Each a way to run code other than the packed app.asar.
    for (const fuse of [
      RunAsNode,
      EnableNodeOptionsEnvironmentVariable,
      EnableNodeCliInspectArguments,
      LoadBrowserProcessSpecificV8Snapshot
    ])
      expect(fuseConfig[fuse], FuseV1Options[fuse]).toBe(false)
    const { EnableEmbeddedAsarIntegrityValidation, OnlyLoadAppFromAsar, EnableCookieEncryption } = FuseV1Options
    for (const fuse of [EnableEmbeddedAsarIntegrityValidation, OnlyLoadAppFromAsar, EnableCookieEncryption])
      expect(fuseConfig[fuse], FuseV1Options[fuse]).toBe(true)
    // Not a hardening: the renderer is loaded from file://, whose module scripts need these privileges.
    expect(fuseConfig[GrantFileProtocolExtraPrivileges]).toBe(true)
  })

  it('decide every fuse of the version flipped (a fuse a new Electron adds is chosen, not left to its default)', () => {
    expect(fuseConfig.version).toBe(FuseVersion.V1)
    const fuses = Object.values(FuseV1Options).filter((v): v is FuseV1Options => typeof v === 'number')
    for (const fuse of fuses) expect(typeof fuseConfig[fuse], FuseV1Options[fuse]).toBe('boolean')
  })
})

describe('the native addon check after packing', () => {
  let work: string
  const context = (appOutDir: string, projectDir = root) =>
    ({
      appOutDir,
      electronPlatformName: 'linux',
      packager: { projectDir, getResourcesDir: (dir: string) => join(dir, 'resources') }
    }) as unknown as AfterPackContext
  /** A packed app whose unpacked folder holds `file` at `at` (or nothing). */
  const packedApp = async (name: string, file?: string, at = addon) => {
    const appOutDir = join(work, name)
    const target = join(appOutDir, 'resources', 'app.asar.unpacked', at)
    await mkdir(dirname(target), { recursive: true })
    if (file) await copyFile(file, target)
    return appOutDir
  }
  /** A project whose electron package declares `abi`, to accept an addon of that ABI. */
  const projectWithElectronAbi = async (abi: number) => {
    const dir = join(work, `project-${abi}`)
    await mkdir(join(dir, 'node_modules', 'electron'), { recursive: true })
    await writeFile(join(dir, 'package.json'), '{}')
    await writeFile(join(dir, 'node_modules/electron/package.json'), JSON.stringify({ version: '0.0.0-test' }))
    await writeFile(join(dir, 'node_modules/electron/abi_version'), String(abi))
    return dir
  }

  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'access-desk-addon-'))
  })
  afterAll(async () => {
    if (work) await rm(work, { recursive: true, force: true })
  })

  it("takes Electron's ABI from the electron package itself", async () => {
    const { version, abi } = await electronAbi(root)
    expect(version).toMatch(/^\d+\.\d+\.\d+/)
    expect(abi).toBeGreaterThan(nodeAbi)
  })

  it.skipIf(!addonBuilt)("reads the ABI the addon here was built for: Node's own", async () => {
    expect(await addonAbi(join(root, addon))).toEqual({ kind: 'abi', version: nodeAbi })
  })

  it.skipIf(!addonBuilt)("refuses that addon for the project's Electron, naming both ABIs", async () => {
    const { version, abi } = await electronAbi(root)
    await expect(checkAddons(context(await packedApp('node-abi', join(root, addon))))).rejects.toThrow(
      `${addon} was built for NODE_MODULE_VERSION ${nodeAbi}; Electron ${version} needs ${abi}`
    )
  })

  it.skipIf(!addonBuilt)('accepts it where the Electron being packed has the same ABI', async () => {
    const appOutDir = await packedApp('same-abi', join(root, addon))
    await expect(checkAddons(context(appOutDir, await projectWithElectronAbi(nodeAbi)))).resolves.toBeUndefined()
  })

  it.skipIf(!cc)("reads the ABI of an addon built for another runtime from Node's refusal", async () => {
    const { abi } = await electronAbi(root)
    expect(await addonAbi(compileAddon(work, abi))).toEqual({ kind: 'abi', version: abi })
    expect(await addonAbi(compileAddon(work, 1))).toEqual({ kind: 'abi', version: 1 })
  })

  it.skipIf(!cc)("accepts an addon of Electron's ABI and refuses one of any other", async () => {
    const { abi } = await electronAbi(root)
    await expect(
      checkAddons(context(await packedApp('electron-abi', compileAddon(work, abi))))
    ).resolves.toBeUndefined()
    await expect(checkAddons(context(await packedApp('older-abi', compileAddon(work, abi - 3))))).rejects.toThrow(
      `was built for NODE_MODULE_VERSION ${abi - 3}`
    )
  })

  it('refuses a package without the addon', async () => {
    await expect(checkAddons(context(await packedApp('no-addon')))).rejects.toThrow(
      `${addon} is missing from app.asar.unpacked`
    )
  })

  it('refuses an addon whose ABI cannot be read', async () => {
    const notElf = join(work, 'not-an-addon.node')
    await writeFile(notElf, 'not a shared library')
    const appOutDir = await packedApp('unreadable', notElf)
    await expect(checkAddons(context(appOutDir, await projectWithElectronAbi(nodeAbi)))).rejects.toThrow(
      `${addon}: its ABI could not be read here`
    )
  })
})
