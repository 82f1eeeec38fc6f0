import { chromium } from 'playwright-core'
import type { TestProject } from 'vitest/node'
import { CHROMIUM_EXECUTABLE, CHROMIUM_SWITCHES } from './chromium-switches'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The Playwright endpoint of the run's one Chromium (`launchChromium` connects to it). */
    chromiumServer: string
  }
}

/**
 * The `globalSetup` of the projects that drive Chromium (e2e, pcsc): Debian's Chromium started once per
 * run, headless, with the switches every test browser has, and its endpoint handed to the test files
 * (`provide`). Each file then opens its own browser context on it (`launchChromium`): storage, cookies,
 * permissions and downloads are the file's own, as with a fresh profile, without paying Chromium's start
 * and exit per file (~3.5 s of each file on the 2-core CI). Ended at the end of the run by its pid.
 */
export default async function setup({ provide }: TestProject): Promise<() => Promise<void>> {
  const server = await chromium.launchServer({
    executablePath: CHROMIUM_EXECUTABLE,
    headless: true,
    args: CHROMIUM_SWITCHES
  })
  const pid = server.process().pid
  provide('chromiumServer', server.wsEndpoint())
  return async () => {
    await server.close().catch(() => undefined)
    // Never left running: the one process started here, by its pid, if closing did not end it.
    if (pid !== undefined && isRunning(pid)) process.kill(pid, 'SIGKILL')
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
