import { describe, expect, it } from 'vitest'
import { pinDigest } from '../../../src/shared/seen/pin-digest'

const token = (c: string) => c.repeat(64)

/** The digest a screen sends back as `seen.pinDigest` (shared/seen/pin-digest.ts). */
describe('pinDigest', () => {
  it('is null for no PIN, and the same 16 hex digits for the same token however it is given', () => {
    expect(pinDigest(null)).toBeNull()
    expect(pinDigest(undefined)).toBeNull()
    const digest = pinDigest({ token: token('a') })
    expect(digest).toMatch(/^[0-9a-f]{16}$/)
    expect(pinDigest(token('a'))).toBe(digest)
  })

  it('tells tokens apart, even one character apart, and never carries the token', () => {
    const base = token('0')
    const digests = new Set<string | null>()
    for (let i = 0; i < 64; i++) digests.add(pinDigest(base.slice(0, i) + '1' + base.slice(i + 1)))
    digests.add(pinDigest(base))
    expect(digests.size).toBe(65)
    const sha = 'ab'.repeat(32)
    expect(sha).not.toContain(pinDigest(sha)!)
  })
})
