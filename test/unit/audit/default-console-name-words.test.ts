import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import type { AuditFilter, AuditRow } from '../../../src/shared/audit/schemas'
import { DEFAULT_CONSOLE_NAME } from '../../../src/shared/console-name'

type HeldCard = { token: string; display_id: string; status?: string; owner: { id: string } | null }

/**
 * The built-in console's profile is stored, and its writes recorded, with its default name's English
 * ("Demo console"), as in every data folder made before: the Audit's search and CSV export in the desk's
 * language say and find it by the desk's words for it ("Demo-Konsole"), as the screen shows it; English
 * still finds it as stored.
 */
describe('the built-in console’s default name in the Audit’s search and export', () => {
  const app = useAppServices()
  const demo = demoControl(app)
  const found = async (filter: AuditFilter): Promise<AuditRow[]> =>
    ((await app.call('audit.list', { filter, offset: 0, limit: 200 })) as { items: AuditRow[] }).items

  it('a write to the demo console is found by “Demo-Konsole” in German and exported with it', async () => {
    const { profiles } = await app.services.connections.list()
    expect(profiles.map((p) => [p.name, p.demo])).toEqual([[DEFAULT_CONSOLE_NAME, true]])

    const [card] = (await demo.held<HeldCard>('cards')).filter((c) => c.status !== 'deleted' && !c.owner)
    const { id: uma } = await demo.addUser({ first_name: 'Uma', last_name: 'Ng' })
    await app.call('cards.assign', { token: card!.token, owner: { type: 'user', id: uma } })
    expect((await demo.held<HeldCard>('cards')).find((c) => c.token === card!.token)?.owner).toMatchObject({ id: uma })
    const row = (await app.services.audit.all()).at(-1)!
    expect(row.console.name).toBe('Demo console')

    expect((await found({ text: 'demo-konsole', language: 'de' })).map((r) => r.id)).toContain(row.id)
    expect((await found({ text: 'consola de demostración', language: 'es' })).map((r) => r.id)).toContain(row.id)
    expect((await found({ text: 'Demo console' })).map((r) => r.id)).toContain(row.id)

    const { text } = (await app.call('audit.exportCsv', { filter: { text: 'Uma Ng' }, language: 'de' })) as {
      text: string
    }
    const lines = Papa.parse<string[]>(text.replace(/^\ufeff/, ''), { skipEmptyLines: true }).data
    expect(lines.slice(1).some((line) => line.includes('Demo-Konsole'))).toBe(true)
    expect(text).not.toContain('Demo console')
  })
})
