import { describe, expect, it } from 'vitest'
import { QrCodeLog } from '../../../src/main/services/badges/qr-code-log'
import { newestPrints } from '../../../src/shared/badges/newest-prints'
import { tempDir } from '../../support/temp'
import { useAppServices } from '../../support/app-services'

describe('a revoked QR code and the badge printed before it', () => {
  it('is known for a badge printed before the revocation, not for one printed after, nor without a badge', async () => {
    const dir = await tempDir()
    const onConsoleA = async () => 'console-a'
    try {
      let now = new Date('2026-11-27T09:00:00Z')
      const revocations = new QrCodeLog(dir.path, onConsoleA, () => now)
      const printed = (visitorId: string, at: string) => ({ visitorId, printedAt: at })
      await revocations.recordRevoked('a')
      await revocations.recordRevoked('c')
      now = new Date('2026-11-27T10:00:00Z')
      await revocations.recordRevoked('b')
      const history = [
        printed('a', '2026-11-27T08:00:00.000Z'),
        printed('b', '2026-11-27T08:30:00.000Z'),
        // b's badge printed anew after its revocation: that one carries the new code.
        printed('b', '2026-11-27T10:30:00.000Z')
      ]
      expect(await revocations.sincePrint(newestPrints(history))).toEqual(new Map([['a', '2026-11-27T09:00:00.000Z']]))
      // Kept on disk: a new process knows it too.
      expect(await new QrCodeLog(dir.path, onConsoleA).sincePrint(newestPrints(history))).toEqual(
        new Map([['a', '2026-11-27T09:00:00.000Z']])
      )
    } finally {
      await dir.remove()
    }
  })
})

describe('Today after a QR code is revoked (the app on the demo console)', () => {
  const app = useAppServices()

  it('says the badge printed before opens nothing, until a new badge is printed', async () => {
    const before = await app.call('today.list')
    const visitor = before.rows.find((r: { group: string }) => r.group !== 'cancelled')
    expect(visitor).toBeDefined()
    const job = {
      visitorId: visitor.id,
      name: visitor.name,
      company: visitor.company,
      host: visitor.host,
      validFrom: visitor.start,
      validTo: visitor.end,
      stock: 'dk-11202'
    }
    await app.call('visitors.assignQr', { id: visitor.id })
    await app.call('badges.record', { job, output: 'browser-pdf' })
    const printed = (await app.call('today.list')).rows.find((r: { id: string }) => r.id === visitor.id)
    expect(printed).toMatchObject({ badgePrinted: true, badgeQrRevokedAt: null })

    await app.call('visitors.unassignQr', { id: visitor.id })
    // The console holds no code for the visitor now.
    expect(await app.call('visitors.qrState', { id: visitor.id })).toMatchObject({ assigned: false })
    const revoked = (await app.call('today.list')).rows.find((r: { id: string }) => r.id === visitor.id)
    expect(revoked.badgePrinted).toBe(true)
    expect(revoked.badgeQrRevokedAt).toEqual(expect.any(String))

    await app.call('visitors.assignQr', { id: visitor.id })
    await app.call('badges.record', { job, output: 'browser-pdf' })
    const reprinted = (await app.call('today.list')).rows.find((r: { id: string }) => r.id === visitor.id)
    expect(reprinted).toMatchObject({ badgePrinted: true, badgeQrRevokedAt: null })
  })
})
