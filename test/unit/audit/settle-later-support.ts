import type { AppHarness } from '../../support/app-services'
import type { demoControl } from '../../support/demo-control'
import type { AuditRow } from '../../../src/shared/audit/schemas'

/**
 * The audit rows of an app on the demo console, for the tests of a row left Unknown and settled when
 * the console answers again: the rows a filter lists, a row once it is no longer Unknown (it fails
 * after 5 s), and the outage ended (the faults cleared, then the sidebar's Check again).
 */
export function laterRows(app: AppHarness, demo: ReturnType<typeof demoControl>) {
  const rows = async (filter: Record<string, unknown> = {}): Promise<AuditRow[]> =>
    ((await app.call('audit.list', { filter })) as { items: AuditRow[] }).items
  const settled = async (id: string): Promise<AuditRow> => {
    for (let i = 0; i < 250; i++) {
      const row = (await rows()).find((r) => r.id === id)!
      if (row.outcome !== 'unknown') return row
      await new Promise((r) => setTimeout(r, 20))
    }
    throw new Error(`row ${id} stayed Unknown`)
  }
  const consoleBack = async () => {
    await demo.clearFaults()
    await app.call('connections.reach', { recheck: true })
  }
  return { rows, settled, consoleBack }
}
