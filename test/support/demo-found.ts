import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { request, type Answer } from '../unit/demo-console/support'

/** The built-in demo console of a web mode, as an operator finds it. */
export interface FoundDemo {
  url: string
  /** Its full-access token. */
  token: string
  /** The certificate it is pinned by (PEM). */
  ca: string
  /** A call to it (`/__demo…` for its control API, `/api/v1/developer…` for the Access API), full token. */
  call(method: string, path: string, body?: unknown): Promise<Answer>
}

/**
 * The demo console behind the app open in `page`, found as an operator would: its address from the
 * app's connection list, its token and certificate from the data folder (`<dataDir>/demo-console`).
 * Asked again after a restart of web mode, it is the console at its address then.
 */
export async function findDemoConsole(page: Page, dataDir: string): Promise<FoundDemo> {
  const listed = await page.evaluate(() => window.api!.connections.list())
  if (!listed.ok) throw new Error(listed.error.message)
  const dir = join(dataDir, 'demo-console')
  const tokens = JSON.parse(await readFile(join(dir, 'tokens.json'), 'utf8')) as { full: string }
  const url = listed.result.profiles.find((p) => p.demo)!.url
  const ca = await readFile(join(dir, 'tls-cert.pem'), 'utf8')
  return {
    url,
    token: tokens.full,
    ca,
    call: (method, path, body) => request(url, ca, method, path, { token: tokens.full, body })
  }
}
