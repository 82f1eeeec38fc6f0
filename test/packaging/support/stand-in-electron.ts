import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

/** @electron/fuses' marker: the fuse wire follows it (version byte, length byte, one byte per fuse). */
export const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX'

/**
 * An unpacked Electron distribution for Linux as electron-builder copies it (`electronDist`), whose
 * executable is a shell script carrying a fuse wire of 8 fuses in Electron's shipped defaults, so the
 * afterPack hook's flipping can be read back. It cannot run the app: only packing is exercised.
 */
export async function layOutStandInElectron(dir: string, version: string): Promise<string> {
  await mkdir(join(dir, 'resources'), { recursive: true })
  await mkdir(join(dir, 'locales'), { recursive: true })
  // Electron's defaults: RunAsNode, cookie encryption off, NODE_OPTIONS, --inspect on, integrity off,
  // asar-only off, V8 snapshot off, file:// privileges on.
  const wire = Buffer.concat([Buffer.from(FUSE_SENTINEL), Buffer.from([1, 8]), Buffer.from('10110001')])
  const script = Buffer.from('#!/bin/sh\necho "stand-in Electron: cannot run the app" >&2\nexit 1\n# ')
  await writeFile(join(dir, 'electron'), Buffer.concat([script, wire, Buffer.from('\n')]), { mode: 0o755 })
  await writeFile(join(dir, 'version'), version)
  await writeFile(join(dir, 'LICENSE'), 'stand-in')
  await writeFile(join(dir, 'LICENSES.chromium.html'), '<p>stand-in</p>')
  await writeFile(join(dir, 'locales', 'en-US.pak'), '')
  return dir
}
