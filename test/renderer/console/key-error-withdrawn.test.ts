import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen, waitFor } from '@testing-library/svelte'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import ErrorNotice from '../../../src/renderer/src/components/ErrorNotice.svelte'
import { AppError } from '../../../src/shared/errors'
import { actionKeys } from '../../../src/shared/access/permissions'
import { connection } from '../../../src/renderer/src/stores/connection.svelte'
import { forgetConsoleData } from '../../../src/renderer/src/stores/console-scope'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { eventBridge, ok } from '../enroll/event-bridge'

/**
 * An error that names a missing permission key ("The API token lacks the permission edit:visitor…") is
 * true while the one connection state says the key is missing: once it says the key is held again (the
 * keys given back on the console, the check found them), the error is withdrawn, on every screen that
 * shows such an error, by the one notice they all use (components/ErrorNotice). Another failure, or
 * another key still missing, leaves it standing.
 */
const sites: [string, string, string][] = [
  ['the visitor form', 'components/visitors/VisitorForm.svelte', actionKeys.visitors.edit],
  ["Cards' details", 'components/cards/CardDetails.svelte', actionKeys.cards.edit],
  ['PINs', 'screens/PinsScreen.svelte', actionKeys.pins.user],
  ["Touch Passes' details", 'components/touch-passes/TouchPassDetails.svelte', actionKeys.touchPasses.assign],
  ['Enroll', 'screens/EnrollScreen.svelte', actionKeys.enroll.start],
  ["Import's upload", 'components/import/UploadPanel.svelte', actionKeys.import.upload]
]

afterEach(() => {
  cleanup()
  forgetConsoleData()
})

function lacking(key: string): AppError {
  return new AppError({
    kind: 'permission',
    code: 'CODE_UNAUTHORIZED',
    message: `The API token lacks the permission ${key}.`,
    retryable: false,
    details: { permission: key }
  })
}

describe('an error naming a missing key is withdrawn when the connection state says the key is held again', () => {
  for (const [where, file, key] of sites) {
    it(`${where} (${key})`, async () => {
      // The screen shows its errors through the one notice that holds the rule.
      expect(readFileSync(join('src/renderer/src', file), 'utf8')).toMatch(/<ErrorNotice\b/)
      const main = eventBridge({
        'connections.list': () => ok({ profiles: [], activeId: 'site' }),
        'connections.reach': () => ok({ profileId: 'site', state: 'reachable', checkedAt: 1 })
      })
      setApiForTests(main.bridge)
      const off = connection.listen()
      try {
        await connection.load()
        await waitFor(() => expect(connection.reach?.state).toBe('reachable'))
        // The refusal: shown while the state (said after it) names the key missing, and another key too.
        render(ErrorNotice, { error: lacking(key) })
        main.emit('connections.reach', {
          profileId: 'site',
          state: 'permissions',
          checkedAt: 2,
          missing: [key, 'view:space'].sort(),
          message: 'lacks'
        })
        expect(await screen.findByRole('alert')).toHaveTextContent(key)
        // Another key still missing, this one given back: the error no longer holds.
        main.emit('connections.reach', {
          profileId: 'site',
          state: 'permissions',
          checkedAt: 3,
          missing: ['view:space']
        })
        await waitFor(() => expect(screen.queryByRole('alert')).toBeNull())
      } finally {
        off()
      }
    })
  }

  it('stands while the key is missing, and while the console is not answering (nothing is known of the key)', async () => {
    const key = actionKeys.visitors.edit
    const main = eventBridge({
      'connections.list': () => ok({ profiles: [], activeId: 'site' }),
      'connections.reach': () => ok({ profileId: 'site', state: 'permissions', checkedAt: 1, missing: [key] })
    })
    setApiForTests(main.bridge)
    const off = connection.listen()
    try {
      await connection.load()
      await waitFor(() => expect(connection.reach?.state).toBe('permissions'))
      render(ErrorNotice, { error: lacking(key) })
      expect(await screen.findByRole('alert')).toHaveTextContent(key)
      main.emit('connections.reach', { profileId: 'site', state: 'unreachable', checkedAt: 2, message: 'down' })
      await new Promise((r) => setTimeout(r, 20))
      expect(screen.getByRole('alert')).toHaveTextContent(key)
      // Back, and the check finds the key held: withdrawn.
      main.emit('connections.reach', { profileId: 'site', state: 'reachable', checkedAt: 3 })
      await waitFor(() => expect(screen.queryByRole('alert')).toBeNull())
    } finally {
      off()
    }
  })

  /**
   * The token refused afterwards (revoked, or replaced by one the console refuses): "lacks edit:credential"
   * spoke of a token the console no longer takes, and beside the sidebar's "Token refused" it sent the
   * desk after a key when the token itself is the matter. Withdrawn; the sidebar says what is true now.
   */
  it('is withdrawn when a later state says the token is refused', async () => {
    const key = actionKeys.cards.edit
    const main = eventBridge({
      'connections.list': () => ok({ profiles: [], activeId: 'site' }),
      'connections.reach': () => ok({ profileId: 'site', state: 'permissions', checkedAt: 1, missing: [key] })
    })
    setApiForTests(main.bridge)
    const off = connection.listen()
    try {
      await connection.load()
      await waitFor(() => expect(connection.reach?.state).toBe('permissions'))
      render(ErrorNotice, { error: lacking(key) })
      expect(await screen.findByRole('alert')).toHaveTextContent(key)
      main.emit('connections.reach', { profileId: 'site', state: 'refused', checkedAt: 2, message: 'refused' })
      await waitFor(() => expect(screen.queryByRole('alert')).toBeNull())
    } finally {
      off()
    }
  })

  it('a state said before the refusal reached the screen does not withdraw it', async () => {
    const key = actionKeys.cards.edit
    const main = eventBridge({
      'connections.list': () => ok({ profiles: [], activeId: 'site' }),
      'connections.reach': () => ok({ profileId: 'site', state: 'reachable', checkedAt: 1 })
    })
    setApiForTests(main.bridge)
    const off = connection.listen()
    try {
      await connection.load()
      await waitFor(() => expect(connection.reach?.state).toBe('reachable'))
      render(ErrorNotice, { error: lacking(key) })
      await new Promise((r) => setTimeout(r, 20))
      expect(screen.getByRole('alert')).toHaveTextContent(key)
    } finally {
      off()
    }
  })
})
