import { describe, expect, it } from 'vitest'
import { hashPin, verifyPin } from '../../../src/main/services/kiosk/pin-hash'
import { FREE_ATTEMPTS, PinAttempts } from '../../../src/main/services/kiosk/pin-attempts'
import { KioskSettingsStore } from '../../../src/main/services/kiosk/kiosk-settings'
import { kioskPinSchema } from '../../../src/shared/kiosk/schemas'
import { memoryStore } from '../../support/memory-store'

/** A settings store in memory, as electron-store / conf behave for one key. */

describe('the kiosk PIN as it is kept', () => {
  it('verifies the right PIN and refuses others, including a prefix and the PIN with a digit more', async () => {
    const kept = await hashPin('482913')
    expect(await verifyPin('482913', kept)).toBe(true)
    expect(await verifyPin('482914', kept)).toBe(false)
    expect(await verifyPin('48291', kept)).toBe(false)
    expect(await verifyPin('4829130', kept)).toBe(false)
    expect(await verifyPin('', kept)).toBe(false)
  })

  it('is scrypt with a fresh salt each time: the same PIN never gives the same hash, and neither holds the PIN', async () => {
    const a = await hashPin('482913')
    const b = await hashPin('482913')
    expect(a.algorithm).toBe('scrypt')
    expect(a.N).toBeGreaterThanOrEqual(1 << 14)
    expect(a.salt).not.toBe(b.salt)
    expect(a.hash).not.toBe(b.hash)
    expect(Buffer.from(a.salt, 'base64')).toHaveLength(16)
    expect(Buffer.from(a.hash, 'base64')).toHaveLength(32)
    expect(JSON.stringify(a)).not.toContain('482913')
    // Each verifies with its own salt.
    expect(await verifyPin('482913', b)).toBe(true)
  })

  it('takes 4 to 12 digits, not one digit repeated, with a message saying what to type', () => {
    expect(kioskPinSchema.safeParse('4829').success).toBe(true)
    expect(kioskPinSchema.safeParse('482913482913').success).toBe(true)
    const message = (pin: string) => kioskPinSchema.safeParse(pin).error?.issues[0]?.message
    expect(message('482')).toBe('The kiosk PIN is 4 to 12 digits (numbers only).')
    expect(message('4829134829134')).toBe('The kiosk PIN is 4 to 12 digits (numbers only).')
    expect(message('48a9')).toBe('The kiosk PIN is 4 to 12 digits (numbers only).')
    expect(message('0000')).toBe('Use a PIN that is not one digit repeated (like 0000).')
  })
})

describe('kiosk settings in the settings store', () => {
  it('keeps only the hash, says only whether a PIN is set, and keeps the PIN when saved without one', async () => {
    const store = memoryStore()
    const settings = new KioskSettingsStore(store)
    expect(settings.get()).toEqual({
      pinSet: false,
      idleSeconds: 60,
      directions: '',
      // No name typed: the kiosk says its own words for the desk (shared/kiosk/desk-name.ts).
      deskName: ''
    })
    const saved = await settings.save({ idleSeconds: 45, directions: 'Floor 3', deskName: 'Reception', pin: '482913' })
    expect(saved).toEqual({ pinSet: true, idleSeconds: 45, directions: 'Floor 3', deskName: 'Reception' })
    expect(JSON.stringify(store.data.get('kiosk'))).not.toContain('482913')
    const first = settings.pin()!
    expect(await verifyPin('482913', first)).toBe(true)

    await settings.save({ idleSeconds: 90, directions: '', deskName: 'Reception' })
    expect(settings.pin()).toEqual(first)
    expect(settings.get().idleSeconds).toBe(90)
  })

  it('starts without a PIN when the stored value was edited into something unreadable', () => {
    const store = memoryStore()
    store.set('kiosk', { pin: { algorithm: 'md5', hash: 'x' }, idleSeconds: 60 })
    expect(new KioskSettingsStore(store).get().pinSet).toBe(false)
  })
})

describe('wrong PINs', () => {
  it(`allow ${FREE_ATTEMPTS} tries, then lock for 30 s, doubling, capped at 5 minutes; a right PIN resets`, () => {
    let now = 1_000_000
    const attempts = new PinAttempts(() => now)
    expect(attempts.left()).toBe(3)
    expect(attempts.failed()).toBe(0)
    expect(attempts.left()).toBe(2)
    expect(attempts.failed()).toBe(0)
    expect(attempts.left()).toBe(1)
    expect(attempts.waitMs()).toBe(0)
    expect(attempts.failed()).toBe(30_000)
    expect(attempts.left()).toBe(0)
    expect(attempts.waitMs()).toBe(30_000)
    now += 29_999
    expect(attempts.waitMs()).toBe(1)
    now += 1
    expect(attempts.waitMs()).toBe(0)
    expect(attempts.failed()).toBe(60_000)
    expect(attempts.failed()).toBe(120_000)
    expect(attempts.failed()).toBe(240_000)
    expect(attempts.failed()).toBe(300_000)
    expect(attempts.failed()).toBe(300_000)
    attempts.succeeded()
    expect(attempts.waitMs()).toBe(0)
    expect(attempts.left()).toBe(3)
    expect(attempts.failed()).toBe(0)
  })
})
