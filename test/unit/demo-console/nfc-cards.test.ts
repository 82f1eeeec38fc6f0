import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemo, type Demo } from './support'

describe('demo console: NFC cards and the third-party import', () => {
  let demo: Demo
  beforeAll(async () => {
    demo = await startDemo()
  })
  afterAll(() => demo.stop())

  const importCsv = (content: string) =>
    demo.api('POST', '/credentials/nfc_cards/import', { file: { field: 'file', name: 'cards.csv', content } })

  it('imports NFCID,alias rows: uppercase hex, and empty tokens for duplicates and known cards', async () => {
    const answer = await importCsv(
      '04a1b2c3,front-desk-01\r\n04A1B2C4,front-desk-01\n04a1b2c3,other\n\nzz12,bad-hex\n068E2836\n'
    )
    expect(answer.body.code).toBe('SUCCESS')
    const records = answer.body.data as { alias: string; nfc_id: string; token: string }[]
    expect(records.map((r) => [r.nfc_id, r.alias, r.token !== ''])).toEqual([
      ['04A1B2C3', 'front-desk-01', true],
      ['04A1B2C4', 'front-desk-01', false],
      ['04A1B2C3', 'other', false],
      ['ZZ12', 'bad-hex', false],
      ['068E2836', '', true]
    ])
    expect(records[0]!.token).toMatch(/^[0-9a-f]{64}$/)
    const card = await demo.api('GET', `/credentials/nfc_cards/tokens/${records[0]!.token}`)
    expect(card.body.data).toMatchObject({ alias: 'front-desk-01', status: 'pending', card_type: 'ua_card' })

    // A second import of the same file: every card is already known.
    const again = await importCsv('04A1B2C3,x1\n068E2836,x2')
    expect(again.body.data.map((r: { token: string }) => r.token)).toEqual(['', ''])
    // An alias already used on the site fails too.
    expect((await importCsv('0A0A0A0A,front-desk-01')).body.data[0].token).toBe('')
  })

  it('refuses an upload without the `file` field', async () => {
    const answer = await demo.api('POST', '/credentials/nfc_cards/import', {
      file: { field: 'other', name: 'a.csv', content: '01020304' }
    })
    expect([answer.status, answer.body.code]).toEqual([400, 'CODE_PARAMS_INVALID'])
    expect((await demo.api('POST', '/credentials/nfc_cards/import', { body: {} })).body.code).toBe(
      'CODE_PARAMS_INVALID'
    )
  })

  it('fills the owner of assigned cards, updates aliases and deletes cards from their owner', async () => {
    const list = (await demo.api('GET', '/credentials/nfc_cards/tokens', { query: { page_size: 1000 } })).body.data
    const owned = list.find((c: { user_type: string }) => c.user_type === 'USER')
    expect(owned.user).toMatchObject({ id: owned.user_id })
    expect(owned.user.name).toBe(`${owned.user.first_name} ${owned.user.last_name}`)
    expect(list.some((c: { user_type: string }) => c.user_type === 'VISITOR')).toBe(true)

    const update = await demo.api('PUT', `/credentials/nfc_cards/tokens/${owned.token}`, { body: { alias: 'Renamed' } })
    expect(update.body).toEqual({ code: 'SUCCESS', msg: 'success', data: 'success' })
    expect((await demo.api('GET', `/credentials/nfc_cards/tokens/${owned.token}`)).body.data.alias).toBe('Renamed')

    const before = (await demo.api('GET', `/users/${owned.user_id}`)).body.data.nfc_cards
    expect(before.some((c: { token: string }) => c.token === owned.token)).toBe(true)
    expect((await demo.api('DELETE', `/credentials/nfc_cards/tokens/${owned.token}`)).body.data).toBe('success')
    const after = (await demo.api('GET', `/users/${owned.user_id}`)).body.data.nfc_cards
    expect(after.some((c: { token: string }) => c.token === owned.token)).toBe(false)
    const gone = await demo.api('GET', `/credentials/nfc_cards/tokens/${owned.token}`)
    expect([gone.status, gone.body.code]).toEqual([404, 'CODE_RESOURCE_NOT_FOUND'])
  })
})
