import { startDemoSites, type DemoSite } from '../../../src/demo-console/sites'
import { request } from '../demo-console/support'
import type { AppHarness } from '../../support/app-services'
import { tempDir } from '../../support/temp'

/** Three demo sites (site 3 may run another version), each saved in the app as a console of its own. */
export async function startFleet(app: AppHarness, options: { versions?: (string | undefined)[] } = {}) {
  const data = await tempDir('fleet-sites-')
  const sites = await startDemoSites({ dataDir: data.path, sites: 3, versions: options.versions })
  const ids: string[] = []
  for (const site of sites) {
    const saved = await app.call('connections.save', {
      name: site.name,
      url: site.url,
      token: site.tokens.full,
      fingerprint256: site.fingerprint256
    })
    ids.push(saved.id)
  }
  return {
    sites,
    ids,
    /** A call to one site's control API (`/__demo` + path). */
    async control(site: DemoSite, method: string, path: string, body?: unknown) {
      const answer = await request(site.url, site.certificatePem, method, `/__demo${path}`, {
        body,
        token: site.tokens.full
      })
      if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`)
      return answer.body?.data
    },
    async stop() {
      await Promise.allSettled(sites.map((s) => s.close()))
      await data.remove()
    }
  }
}
