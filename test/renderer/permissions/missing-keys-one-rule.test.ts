import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen, waitFor } from '@testing-library/svelte'
import ConsoleReachLine from '../../../src/renderer/src/components/ConsoleReachLine.svelte'
import PermissionNote from '../../../src/renderer/src/components/common/PermissionNote.svelte'
import { connection } from '../../../src/renderer/src/stores/connection.svelte'
import { keyedScreen, screenMissing } from '../../../src/renderer/src/stores/screen-keys.svelte'
import { screens } from '../../../src/renderer/src/stores/router.svelte'
import { screenName } from '../../../src/renderer/src/lib/screen-name'
import { screenShownContext } from '../../../src/renderer/src/lib/screen-shown'
import { checkSummary } from '../../../src/renderer/src/screens/settings/check-summary'
import { keyWords } from '../../../src/renderer/src/components/fleet/fleet-words'
import { keysUsedBy } from '../../../src/shared/access/permissions'
import type { PermissionKey } from '../../../src/shared/access/endpoints'
import { eventBridge, ok } from '../enroll/event-bridge'
import { setApiForTests } from '../../../src/renderer/src/lib/api'

/**
 * The walk: the sidebar named 5 missing keys and Today's banner 3 for one token, and nothing said that
 * both were true. One rule words them: the sidebar (and Settings' check, the Consoles screen) the token's
 * whole list, "in all"; a screen's banner the keys that screen needs of it, naming the screen. Held here
 * over every screen of the registry.
 */
const keysIn = (text: string) => [...text.matchAll(/\b(?:view|edit):[a-z]+/g)].map((m) => m[0]).sort()
const allKeys: PermissionKey[] = [
  'view:credential',
  'edit:credential',
  'view:user',
  'edit:user',
  'view:visitor',
  'edit:visitor',
  'view:space',
  'view:device'
]

describe('the sidebar and every screen name missing permissions by one rule', () => {
  let off = () => undefined as void
  afterEach(() => {
    off()
    cleanup()
  })

  // Main's probe order, not sorted: the words list them in one order everywhere.
  for (const missing of [
    ['view:visitor', 'edit:visitor', 'edit:credential', 'view:device', 'edit:user'],
    ['view:device', 'edit:credential'],
    ['view:space']
  ]) {
    it(`a token lacking ${missing.join(', ')}`, async () => {
      const main = eventBridge({
        'connections.list': () => ok({ profiles: [], activeId: 'site' }),
        'connections.reach': () => ok(null)
      })
      setApiForTests(main.bridge)
      off = connection.listen()
      await connection.load()
      main.emit('connections.reach', { profileId: 'site', state: 'permissions', checkedAt: 1, missing, message: 'x' })
      render(ConsoleReachLine)
      const line = () => screen.getByTestId('console-answers')
      await waitFor(() => expect(line()).toHaveTextContent(missing[0]!))
      const sidebar = line().textContent ?? ''
      // The token's whole list, said as the token's, in all, and that each screen names its own part of it.
      expect(keysIn(sidebar)).toEqual([...missing].sort())
      expect(sidebar).toMatch(
        new RegExp(`The API token lacks ${missing.length} permissions? in all: .*Each screen names those it needs`)
      )
      cleanup()

      for (const { id } of screens) {
        const keyed = keyedScreen(id)
        if (!keyed) continue
        const needs = keysUsedBy(keyed).filter((key) => missing.includes(key))
        const lacked = screenMissing(keyed)
        expect(lacked, id).toEqual([...needs].sort())
        render(PermissionNote, { props: { missing: lacked }, context: screenShownContext(id) })
        const note = screen.queryByTestId('permission-note')
        if (needs.length === 0) {
          // Every key this screen uses is held: it says nothing, whatever else the token lacks.
          expect(note, id).toBeNull()
        } else {
          const words = note!.textContent ?? ''
          expect(keysIn(words), id).toEqual([...needs].sort())
          for (const key of keysIn(words)) expect(keysIn(sidebar), id).toContain(key)
          // Whose list it is: this screen's, by its name, of the keys the token lacks.
          expect(words, id).toMatch(new RegExp(`^${screenName(id)} needs .*, which this token lacks`))
        }
        cleanup()
      }

      // Settings' check and the Consoles screen say the token's whole list in the sidebar's words.
      const permissions = allKeys.map((key) => ({
        key,
        uses: '',
        status: missing.includes(key) ? ('missing' as const) : ('allowed' as const)
      }))
      const whole = sidebar.slice(sidebar.indexOf('The API token lacks')).split(' in all: ')[1]!.split('.')[0]!
      const check = checkSummary({ url: 'https://c', latencyMs: 12, permissions } as never)
      expect(check).toContain(`lacks ${missing.length} permission`)
      expect(check).toContain(` in all: ${whole}.`)
      expect(keyWords(permissions)).toContain(` in all: ${whole}.`)
    })
  }
})
