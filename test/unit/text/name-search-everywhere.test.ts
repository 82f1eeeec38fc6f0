import { describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { kioskDoors } from '../../support/kiosk-visit'

const nowSeconds = () => Math.floor(Date.now() / 1000)

/**
 * The name searches main answers, through the real dispatch against the demo console: Visitors and
 * Badges search with `visitors.list`, the kiosk with `kiosk.find`. Each uses the one matcher
 * (shared/text/search-words.ts): accents and case ignored, a name typed family name first found.
 * (Today's find filters in the renderer: test/renderer/today/today-find.test.ts.)
 */
describe('every name search uses the one matcher', () => {
  const app = useAppServices()

  const create = async (first: string, last: string) =>
    app.call('visitors.create', {
      first_name: first,
      last_name: last,
      visitor_company: 'Contoso',
      visit_reason: 'Business',
      start_time: nowSeconds() - 600,
      end_time: nowSeconds() + 4 * 3600,
      week_schedule: null,
      // A door: the kiosk checks in no visit that opens nothing.
      resources: await kioskDoors(app)
    }) as Promise<{ id: string }>

  it('“zoe” finds Zoë and “Wang Wei” finds Wei Wang on Visitors/Badges (visitors.list) and at the kiosk', async () => {
    const zoe = await create('Zoë', 'Martin')
    const wei = await create('Wei', 'Wang')
    await create('Zoltan', 'Weiss')

    const list = async (keyword: string) =>
      ((await app.call('visitors.list', { keyword, page: 1, pageSize: 25 })).items as { id: string }[]).map((v) => v.id)
    expect(await list('zoe')).toEqual([zoe.id])
    expect(await list('ZOE mart')).toEqual([zoe.id])
    expect(await list('Wang Wei')).toEqual([wei.id])
    expect(await list('wang')).toEqual([wei.id])

    const kiosk = async (name: string) => (await app.call('kiosk.find', { name })).found
    expect(await kiosk('zoe martin')).toMatchObject({ kind: 'one', visit: { visitorId: zoe.id } })
    expect(await kiosk('Wang Wei')).toMatchObject({ kind: 'one', visit: { visitorId: wei.id } })
  })
})
