import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppError } from '../../../src/shared/errors'
import { keyStatus, missingKeys, probeEditPermission } from '../../../src/main/services/access/permission-probe'
import type { AccessClient } from '../../../src/main/services/access/client'
import { startDemo, type Demo } from './support'

const keys = ['edit:credential', 'edit:visitor', 'edit:user'] as const

describe('permission probe against the demo console', () => {
  let demo: Demo
  beforeAll(async () => {
    demo = await startDemo()
  })
  afterAll(() => demo.stop())

  it('finds each edit key held by the full token and missing from the view-only one, changing nothing', async () => {
    const before = await demo.control('GET', '/__demo/state')
    expect(before.status).toBe(200)
    for (const key of keys) {
      expect(await probeEditPermission(demo.client('full'), key), key).toEqual({ canEdit: true })
      // A probe made of a read would pass with a view-only token: each must be a write the key guards.
      expect(await probeEditPermission(demo.client('view'), key), key).toEqual({
        canEdit: false,
        missingPermission: key
      })
    }
    expect(await demo.control('GET', '/__demo/state')).toEqual(before)
  })

  it('passes on what it cannot judge: a refused token or an unreachable console is not "may edit"', async () => {
    await expect(probeEditPermission(demo.client('not-a-token'), 'edit:credential')).rejects.toMatchObject({
      kind: 'auth'
    })
  })
})

describe('permission probe: what an answer means', () => {
  /** A client whose every probe call fails with `error` (the probes are requests over its http). */
  const failing = (error: unknown) => {
    const fail = async () => {
      throw error
    }
    return { http: { request: fail } } as unknown as AccessClient
  }
  const appError = (kind: AppError['kind']) => new AppError({ kind, message: kind })

  it('"no such item" or a refused id means the key was accepted', async () => {
    for (const key of keys) {
      expect(await probeEditPermission(failing(appError('not-found')), key)).toEqual({ canEdit: true })
      expect(await probeEditPermission(failing(appError('validation')), key)).toEqual({ canEdit: true })
    }
  })

  it('rethrows every other failure instead of guessing', async () => {
    for (const kind of ['network', 'server', 'tls', 'conflict', 'rate-limited'] as const) {
      const error = appError(kind)
      await expect(probeEditPermission(failing(error), 'edit:visitor')).rejects.toBe(error)
    }
    const plain = new Error('socket hang up')
    await expect(probeEditPermission(failing(plain), 'edit:user')).rejects.toBe(plain)
  })

  it('an answer means the key is held', async () => {
    const answering = { http: { request: async () => ({}) } } as unknown as AccessClient
    for (const key of keys) expect(await probeEditPermission(answering, key)).toEqual({ canEdit: true })
  })

  it('missingKeys names the keys refused, each probed once, in the order asked', async () => {
    const asked: string[] = []
    // edit:visitor and edit:user are refused; edit:credential is held.
    const client = {
      http: {
        request: async ({ endpoint }: { endpoint: string }) => {
          asked.push(endpoint)
          if (asked.length > 1) throw new AppError({ kind: 'permission', message: 'refused' })
          return {}
        }
      }
    } as unknown as AccessClient
    expect(await missingKeys(client, keys)).toEqual(['edit:visitor', 'edit:user'])
    expect(asked).toHaveLength(keys.length)
    expect(await missingKeys(client, [])).toEqual([])
  })

  it("keyStatus gives the probe the caller's time limit, and none when not given", async () => {
    const limits: unknown[] = []
    const http = {
      request: async (options: { timeoutMs?: number }) => {
        limits.push('timeoutMs' in options ? options.timeoutMs : 'none')
        return {}
      }
    }
    expect(await keyStatus(http as never, 'edit:user', 2500)).toBe('allowed')
    expect(await keyStatus(http as never, 'edit:user')).toBe('allowed')
    expect(limits).toEqual([2500, 'none'])
  })
})
