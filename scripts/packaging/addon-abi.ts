import { spawnSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

/** What a native addon was built for: a NODE_MODULE_VERSION, or Node-API (the same build loads everywhere). */
export type AddonAbi = { kind: 'node-api' } | { kind: 'abi'; version: number } | { kind: 'unknown'; reason: string }

/**
 * The NODE_MODULE_VERSION the installed Electron needs: the electron package ships it as `abi_version`,
 * so the check does not depend on a mapping table that may not know a new Electron yet.
 */
export async function electronAbi(projectDir: string): Promise<{ version: string; abi: number }> {
  const require = createRequire(join(projectDir, 'package.json'))
  const pkgDir = dirname(require.resolve('electron/package.json'))
  const version = (JSON.parse(await readFile(join(pkgDir, 'package.json'), 'utf8')) as { version: string }).version
  const abi = Number((await readFile(join(pkgDir, 'abi_version'), 'utf8')).trim())
  if (!Number.isInteger(abi) || abi <= 0) throw new Error(`electron ${version}: unreadable abi_version`)
  return { version, abi }
}

// Node refuses an addon of another ABI with this sentence, which names the addon's version.
const mismatch = /NODE_MODULE_VERSION (\d+)\. This version of Node\.js requires\s+NODE_MODULE_VERSION (\d+)/

/**
 * Reads the ABI an addon was compiled for. Node-API addons name their entry point; for the others
 * (NAN, like @pokusew/pcsclite) a throwaway Node process loads the file: it either loads (then it is
 * Node's own ABI) or refuses it with the addon's NODE_MODULE_VERSION. Anything else is "unknown",
 * which the packaging treats as a refusal.
 */
export async function addonAbi(file: string, node = process.execPath): Promise<AddonAbi> {
  const bytes = await readFile(file)
  const contextAware = /node_register_module_v(\d+)/.exec(bytes.toString('latin1'))
  if (contextAware) return { kind: 'abi', version: Number(contextAware[1]) }
  if (bytes.includes('napi_register_module_v1') && !bytes.includes('node_module_register')) return { kind: 'node-api' }
  const probe = spawnSync(
    node,
    ['-e', 'process.dlopen({ exports: {} }, process.argv[1]); console.log(process.versions.modules)', file],
    { encoding: 'utf8', env: { PATH: process.env['PATH'] ?? '' }, timeout: 30_000 }
  )
  const refused = mismatch.exec(probe.stderr)
  if (refused) return { kind: 'abi', version: Number(refused[1]) }
  const loaded = Number(probe.stdout.trim())
  if (probe.status === 0 && Number.isInteger(loaded) && loaded > 0) return { kind: 'abi', version: loaded }
  const why = probe.stderr.split('\n').find((line) => /Error/.test(line)) ?? `exit ${probe.status}`
  return { kind: 'unknown', reason: why.trim() }
}
