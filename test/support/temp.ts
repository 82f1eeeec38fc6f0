import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * A fresh temporary directory, and a function that removes it. The removal retries a folder that got a
 * file while it was being emptied (ENOTEMPTY): a test's folder is removed, not the test failed for it.
 */
export async function tempDir(prefix = 'access-desk-test-'): Promise<{ path: string; remove(): Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), prefix))
  return { path, remove: () => rm(path, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 }) }
}
