import { startDemoConsoleProcess, type DemoConsoleInfo, type Started } from '../../test/support/processes'
import { tempDir } from '../../test/support/temp'

export interface LargeSite {
  /** The demo console seeded large (2,000 users, 5,000 visitors, 20,000 cards), in its own process. */
  demo: Started<DemoConsoleInfo>
  /** An empty app data folder. */
  appDir: string
  /** Says "met", or "MISSED" and records the miss: the benchmark then exits 1. */
  judge(what: string, ok: boolean): 'met' | 'MISSED'
}

/**
 * The frame of every benchmark on the large demo site: the console and an app data folder are made,
 * `body` measures, then both are stopped and removed whatever happened. An error counts as a miss.
 * Ends the process: 1 when a target was missed (the MISSED line names them), else 0.
 */
export async function benchOnLargeSite(name: string, body: (site: LargeSite) => Promise<void>): Promise<never> {
  const consoleDir = await tempDir(`${name}-console-`)
  const appDir = await tempDir(`${name}-app-`)
  const misses: string[] = []
  const judge = (what: string, ok: boolean) => {
    if (!ok) misses.push(what)
    return ok ? 'met' : 'MISSED'
  }
  try {
    const demo = await startDemoConsoleProcess(consoleDir.path, ['--seed', 'large'])
    try {
      await body({ demo, appDir: appDir.path, judge })
    } catch (err) {
      console.error(err)
      misses.push('error')
    } finally {
      await demo.stop()
    }
  } finally {
    await consoleDir.remove()
    await appDir.remove()
  }
  if (misses.length) console.log(`MISSED: ${misses.join(', ')}`)
  process.exit(misses.length ? 1 : 0)
}
