import { join } from 'node:path'
import { startDemoConsole, type DemoConsole, type DemoConsoleOptions } from './server'
import { demoSiteName } from './state/seed'

export interface DemoSitesOptions extends Omit<DemoConsoleOptions, 'port' | 'site'> {
  /** How many sites (1 or more). */
  sites: number
  /** The first site's port; the next sites take the ports after it. 0 (default): a free port each. */
  port?: number
  /** A version per site (index 0: site 1); a site without one runs `version`. */
  versions?: readonly (string | undefined)[]
}

/** One site of a multi-site demo: a console of its own (port, certificate, tokens, records, faults). */
export interface DemoSite extends DemoConsole {
  /** 1-based. */
  site: number
  /** Its seeded site's name ("Demo HQ", "Harbour Office"…): what a test or a person saves it as. */
  name: string
  dataDir: string
}

/**
 * Several demo consoles at once, as an installer's fleet of sites: each its own HTTPS server, data
 * dir (`<dataDir>/site-<n>`), certificate, tokens, seeded records and control API, so one can be
 * made slow or down through its own `/__demo/faults` while the others answer. Site 1 is seeded as
 * the single demo console is.
 */
export async function startDemoSites(options: DemoSitesOptions): Promise<DemoSite[]> {
  const { sites: count, port, versions, ...rest } = options
  if (!Number.isInteger(count) || count < 1) throw new Error(`sites must be 1 or more, got ${count}`)
  const started: DemoSite[] = []
  try {
    // One after the other: a port given is taken in order, and each site's certificate is made once.
    for (let site = 1; site <= count; site++) {
      const dataDir = join(options.dataDir, `site-${site}`)
      const version = versions?.[site - 1] ?? rest.version
      const demo = await startDemoConsole({ ...rest, dataDir, site, version, port: port ? port + site - 1 : 0 })
      started.push({ ...demo, site, name: demoSiteName(site), dataDir })
    }
  } catch (err) {
    await Promise.allSettled(started.map((s) => s.close()))
    throw err
  }
  return started
}
