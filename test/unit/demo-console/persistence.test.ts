import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { seedSite } from '../../../src/demo-console/state/seed'
import { tempDir } from '../../support/temp'
import { startDemoConsoleProcess } from '../../support/processes'
import { devicesOf, request, startDemo } from './support'

describe('demo console: state on disk', () => {
  it('keeps every answered change across a restart on the same data dir', async () => {
    const dir = await tempDir('demo-console-persist-')
    try {
      const first = await startDemo({ dataDir: dir.path })
      const { reader } = await devicesOf(first)
      const imported = (
        await first.api('POST', '/credentials/nfc_cards/import', {
          file: { field: 'file', name: 'c.csv', content: 'DEADBEEF,kept-card' }
        })
      ).body.data[0]
      const visitor = (
        await first.api('POST', '/visitors', {
          body: {
            first_name: 'Kim',
            last_name: 'Park',
            visit_reason: 'Others',
            start_time: 1_800_000_000,
            end_time: 1_800_003_600
          }
        })
      ).body.data
      await first.api('PUT', `/visitors/${visitor.id}/nfc_cards`, { body: { token: imported.token } })
      await first.api('PUT', `/visitors/${visitor.id}/qr_codes`)
      const session = (await first.api('POST', '/credentials/nfc_cards/sessions', { body: { device_id: reader.id } }))
        .body.data.session_id
      const tapped = (await first.control('POST', '/taps', { device_id: reader.id, nfc_id: 'CAFEF00D' })).body.data
      const pass = (await first.api('POST', '/credentials/touch_passes', { body: { count: 1 } })).body.data
      await first.control('POST', '/cards/provisioned', { nfc_id: '0BADC0DE' })
      const tokens = first.console.tokens
      const fingerprint = first.console.fingerprint256
      await first.close()

      const second = await startDemo({ dataDir: dir.path })
      try {
        expect(second.console.tokens).toEqual(tokens)
        expect(second.console.fingerprint256).toBe(fingerprint)
        const card = (await second.api('GET', `/credentials/nfc_cards/tokens/${imported.token}`)).body.data
        expect(card).toMatchObject({
          alias: 'kept-card',
          user_id: visitor.id,
          user_type: 'VISITOR',
          status: 'assigned'
        })
        expect((await second.api('GET', `/credentials/nfc_cards/tokens/${tapped.token}`)).body.data.display_id).toBe(
          tapped.card_id
        )
        expect((await second.api('GET', `/credentials/touch_passes/${pass.id}`)).body.data.status).toBe('INACTIVE')
        expect((await second.api('GET', `/credentials/qr_codes/download/${visitor.id}`)).status).toBe(200)
        // Sessions live on the reader, not on disk.
        expect((await second.api('GET', `/credentials/nfc_cards/sessions/${session}`)).body.code).toBe(
          'CODE_CREDS_NFC_READ_SESSION_NOT_FOUND'
        )
        const state = (await second.control('GET', '/state')).body.data
        expect(state).toMatchObject({ cards: 122, visitors: 11, touchPasses: 13, provisioned: 1 })
        // New display ids continue after the ones already issued.
        const next = (
          await second.api('POST', '/credentials/nfc_cards/import', {
            file: { field: 'file', name: 'c.csv', content: 'FEEDFACE' }
          })
        ).body.data[0]
        const nextCard = (await second.api('GET', `/credentials/nfc_cards/tokens/${next.token}`)).body.data
        // (A tapped card is numbered by its UID, so the imported one is the last number issued.)
        expect(Number(nextCard.display_id)).toBeGreaterThan(Number(card.display_id))
      } finally {
        await second.close()
      }
      const files = JSON.parse(await readFile(join(dir.path, 'state', 'nfc-cards.json'), 'utf8'))
      expect(files).toHaveLength(123)
    } finally {
      await dir.remove()
    }
  })

  it('loses no answered change when the process is killed (SIGKILL) right after the answer', async () => {
    const dir = await tempDir('demo-console-kill-')
    try {
      const first = await startDemoConsoleProcess(dir.path)
      const cert = await readFile(join(dir.path, 'tls-cert.pem'), 'utf8')
      const answer = await request(first.info.url, cert, 'POST', '/api/v1/developer/credentials/nfc_cards/import', {
        token: first.info.tokens.full,
        file: { field: 'file', name: 'c.csv', content: '0102030405060708,survivor' }
      })
      expect(answer.body.data[0].token).toMatch(/^[0-9a-f]{64}$/)
      first.child.kill('SIGKILL')
      await first.stop()

      const second = await startDemo({ dataDir: dir.path })
      try {
        const card = await second.api('GET', `/credentials/nfc_cards/tokens/${answer.body.data[0].token}`)
        expect(card.body.data.alias).toBe('survivor')
      } finally {
        await second.close()
      }
    } finally {
      await dir.remove()
    }
  })

  it('seeds deterministically: the same site every time', () => {
    const now = Date.UTC(2026, 0, 1)
    const a = seedSite('demo', now)
    const b = seedSite('demo', now)
    expect(b).toEqual(a)
    expect(a.cards[0]!.token).toMatch(/^[0-9a-f]{64}$/)
    expect(a.site.devices.map((d) => d.type)).toEqual(['UAH', 'UA-G2-PRO', 'UA-G3', 'UAH', 'UA-G2-MINI'])
  })

  it('seeds the large site: 20,000 cards, 2,000 users, 5,000 visitors, 2,000 Touch Passes', async () => {
    const demo = await startDemo({ seed: 'large' })
    try {
      const state = (await demo.control('GET', '/state')).body.data
      expect(state).toMatchObject({ seed: 'large', cards: 20_000, users: 2_000, visitors: 5_000, touchPasses: 2_000 })
      const page = await demo.api('GET', '/credentials/nfc_cards/tokens', { query: { page_num: 20, page_size: 1000 } })
      expect([page.body.data.length, page.body.pagination.total]).toEqual([1000, 20_000])
    } finally {
      await demo.stop()
    }
  })
})
