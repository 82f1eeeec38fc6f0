import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import { z } from 'zod'

/**
 * Cost of the hash: 32 MB and 0.2–0.5 s per try on the 2-core test machine, so guessing a 4–12 digit
 * PIN from a copied settings file stays slow; one check when leaving the kiosk does not notice it.
 */
const PARAMS = { N: 1 << 15, r: 8, p: 1, keylen: 32 } as const

export const pinHashSchema = z.object({
  algorithm: z.literal('scrypt'),
  N: z.number().int().positive(),
  r: z.number().int().positive(),
  p: z.number().int().positive(),
  salt: z.string().min(16),
  hash: z.string().min(16)
})
export type PinHash = z.infer<typeof pinHashSchema>

function derive(pin: string, salt: Buffer, o: { N: number; r: number; p: number }, keylen: number): Promise<Buffer> {
  // 128·N·r bytes of memory: raise the cap Node sets (32 MB) just enough for these parameters.
  const options: ScryptOptions = { N: o.N, r: o.r, p: o.p, maxmem: 256 * o.N * o.r }
  return new Promise((resolve, reject) =>
    scrypt(pin.normalize('NFC'), salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key)))
  )
}

/** The PIN as it is kept: a fresh random salt and the scrypt hash, never the PIN itself. */
export async function hashPin(pin: string): Promise<PinHash> {
  const salt = randomBytes(16)
  const key = await derive(pin, salt, PARAMS, PARAMS.keylen)
  return {
    algorithm: 'scrypt',
    N: PARAMS.N,
    r: PARAMS.r,
    p: PARAMS.p,
    salt: salt.toString('base64'),
    hash: key.toString('base64')
  }
}

/** Whether the PIN typed is the one kept; compared in constant time with the stored parameters. */
export async function verifyPin(pin: string, kept: PinHash): Promise<boolean> {
  const expected = Buffer.from(kept.hash, 'base64')
  const key = await derive(pin, Buffer.from(kept.salt, 'base64'), kept, expected.length)
  return key.length === expected.length && timingSafeEqual(key, expected)
}
