import { flipFuses } from '@electron/fuses'
import { readdir } from 'node:fs/promises'
import { join, relative } from 'node:path'
import { Arch, type AfterPackContext } from 'electron-builder'
import { addonAbi, electronAbi } from './addon-abi'
import { fuseConfig } from './fuses'

/** Native addons the packaged app loads; each must be present, unpacked, and built for Electron's ABI. */
export const requiredAddons = ['node_modules/@pokusew/pcsclite/build/Release/pcsclite.node']

/** The file whose fuse wire is flipped: the executable (Linux, Windows) or the .app (macOS). */
export function electronBinaryPath(context: AfterPackContext): string {
  const { appOutDir, electronPlatformName, packager } = context
  if (electronPlatformName === 'linux')
    return join(appOutDir, (packager as unknown as { executableName: string }).executableName)
  if (electronPlatformName === 'win32') return join(appOutDir, `${packager.appInfo.productFilename}.exe`)
  return join(appOutDir, `${packager.appInfo.productFilename}.app`)
}

async function nodeFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries.filter((e) => e.isFile() && e.name.endsWith('.node')).map((e) => join(e.parentPath, e.name))
}

/**
 * Refuses the package when an unpacked addon was not built for the Electron being shipped. The usual way
 * to get one: the rebuild could not fetch Electron's headers and node-gyp fell back to Node's own
 * (`nodedir`), which "succeeds" with an addon Electron will not load.
 */
export async function checkAddons(context: AfterPackContext): Promise<void> {
  const unpacked = join(context.packager.getResourcesDir(context.appOutDir), 'app.asar.unpacked')
  const electron = await electronAbi(context.packager.projectDir)
  const found = await nodeFiles(unpacked)
  const problems: string[] = []
  for (const required of requiredAddons) {
    if (!found.some((file) => relative(unpacked, file).split('\\').join('/') === required))
      problems.push(
        `${required} is missing from app.asar.unpacked (is libpcsclite-dev installed where npm install ran?)`
      )
  }
  for (const file of found) {
    const abi = await addonAbi(file)
    const name = relative(unpacked, file)
    if (abi.kind === 'unknown') problems.push(`${name}: its ABI could not be read here (${abi.reason})`)
    else if (abi.kind === 'abi' && abi.version !== electron.abi)
      problems.push(
        `${name} was built for NODE_MODULE_VERSION ${abi.version}; Electron ${electron.version} needs ${electron.abi}`
      )
  }
  if (problems.length > 0)
    throw new Error(
      `Refusing to package native addons Electron cannot load:\n  ${problems.join('\n  ')}\n` +
        `Rebuild them against Electron's headers (electron-builder's npmRebuild, or \`npx electron-builder install-app-deps\`, ` +
        `which need the headers' download) on the platform being packaged.`
    )
}

/** electron-builder's afterPack: fuses flipped, then the addons checked; either failing stops the package. */
export async function afterPack(context: AfterPackContext): Promise<void> {
  await flipFuses(electronBinaryPath(context), {
    ...fuseConfig,
    // Flipping a fuse breaks the ad-hoc signature an arm64 macOS binary needs in order to start.
    resetAdHocDarwinSignature: context.electronPlatformName === 'darwin' && context.arch === Arch.arm64
  })
  await checkAddons(context)
}
