import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/svelte'
import SearchPicker from '../../../src/renderer/src/components/common/SearchPicker.svelte'
import PlanRowPanel from '../../../src/renderer/src/screens/roster/PlanRowPanel.svelte'
import { ownerSource, userSource } from '../../../src/renderer/src/components/common/picker-sources'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import type { PlanRow } from '../../../src/shared/roster/sheet'
import { scriptedBridge } from '../../support/fake-bridge'
import RosterScreen from '../../../src/renderer/src/screens/RosterScreen.svelte'
import { frontReader } from '../enroll/reader-fixture'
import { ok } from '../enroll/event-bridge'
import { line, openRoster, outcome, sent } from '../roster/fixtures'

/**
 * Every picker that finds a person to pick names five "Ben Ng" five ways (shared/person-apart.ts): one by
 * their own email, two who share a mailbox and two with no email at all by the console's id. In French, the
 * desk's language where the picker once read "Ben Ng utilisateur" twice.
 */
const benNg = [
  { id: '3f9a0c12-0000-4000-8000-000000000001', email: 'ben@exemple.fr' },
  { id: '7b21d4e9-0000-4000-8000-000000000002', email: 'accueil@exemple.fr' },
  { id: '7b21d4ea-0000-4000-8000-000000000003', email: 'accueil@exemple.fr' },
  { id: 'c4e8a310-0000-4000-8000-000000000004', email: '' },
  { id: 'e05f6b77-0000-4000-8000-000000000005', email: '' }
]
const users = benNg.map(({ id, email }) => ({
  id,
  first_name: 'Ben',
  last_name: 'Ng',
  full_name: 'Ben Ng',
  user_email: email,
  employee_number: ''
}))

/** Each name differs, and each says which Ben Ng it is as the rule does. */
function expectFive(names: string[]) {
  expect(names).toHaveLength(5)
  expect(new Set(names).size, names.join(' | ')).toBe(5)
  expect(names[0]).toContain('ben@exemple.fr')
  // A shared mailbox tells neither apart: the id does, as many characters as tell the two ids apart.
  expect(names[1]).toContain('ID 7b21d4e9')
  expect(names[2]).toContain('ID 7b21d4ea')
  expect(names[3]).toContain('ID c4e8a310')
}

// The roster's grids draw the rows their box has room for: jsdom lays nothing out, so the box is given a size.
const sizes = ['offsetHeight', 'offsetWidth'] as const
const saved = sizes.map((name) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)] as const)
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => 900 })
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', { configurable: true, get: () => 900 })
})
afterAll(() => {
  for (const [name, descriptor] of saved) if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor)
})

/** A roster of the five Ben Ng, lines 2–6, each found on the console and given a PIN. */
const rosterRows: PlanRow[] = users.map((u, i) => ({
  rowId: `row-${i + 2}`,
  line: i + 2,
  label: 'Ben Ng',
  match: {
    state: 'matched',
    by: 'chosen',
    person: { type: 'user', id: u.id, name: 'Ben Ng', ...(u.user_email && { email: u.user_email }) }
  },
  card: { kind: 'enroll' },
  pin: true,
  touchPass: false,
  conflicts: []
}))

const normal = (el: Element) => el.textContent!.replace(/\s+/g, ' ').trim()

beforeEach(async () => {
  await deskLanguage.choose('fr')
  const { bridge } = scriptedBridge({
    'users.search': () => ({ ok: true, result: { items: users } }),
    'visitors.list': () => ({ ok: true, result: { items: [], total: 0 } })
  })
  setApiForTests(bridge)
})
afterEach(async () => {
  cleanup()
  await deskLanguage.choose(null)
  vi.restoreAllMocks()
})

async function search(label: string) {
  const field = screen.getByRole('searchbox', { name: label })
  field.focus()
  await fireEvent.input(field, { target: { value: 'Ben Ng' } })
  await fireEvent.keyDown(field, { key: 'Enter' })
}

describe('every person picker tells namesakes apart by the one rule', () => {
  it('the users-and-visitors picker (PINs, Cards, Enroll, the roster’s search)', async () => {
    render(SearchPicker, { source: ownerSource, onpick: vi.fn(), label: 'Chercher' })
    await search('Chercher')
    await screen.findAllByRole('option', {}, { timeout: 3000 })
    // The French words load after the first paint: the rows are read once they are in.
    await waitFor(() => expectFive(screen.getAllByRole('option').map(normal)))
  })

  it('the users picker (Touch Passes)', async () => {
    render(SearchPicker, { source: userSource(), onpick: vi.fn(), label: 'Chercher' })
    await search('Chercher')
    await screen.findAllByRole('button', { name: /Ben Ng/ }, { timeout: 3000 })
    await waitFor(() => expectFive(within(screen.getByTestId('users-found')).getAllByRole('button').map(normal)))
  })

  it('the roster’s “who is it?” candidates', async () => {
    const row: PlanRow = {
      rowId: 'row-2',
      line: 2,
      label: 'Ben Ng',
      match: {
        state: 'ambiguous',
        candidates: users.map((u) => ({
          type: 'user' as const,
          id: u.id,
          name: 'Ben Ng',
          ...(u.user_email && { email: u.user_email })
        })),
        reason: '5 people are named Ben Ng'
      },
      card: { kind: 'none' },
      pin: false,
      touchPass: false,
      conflicts: []
    }
    render(PlanRowPanel, { row })
    const group = screen.getByRole('group')
    await waitFor(() => expectFive(within(group).getAllByRole('button').map(normal)))
  })

  it('no picker takes its people from elsewhere: each picker’s source is one of picker-sources.ts', () => {
    const root = join(__dirname, '../../../src/renderer/src')
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) => {
        const path = join(dir, name)
        return statSync(path).isDirectory() ? files(path) : name.endsWith('.svelte') ? [path] : []
      })
    const pickers = files(root).filter((path) => /<(SearchPicker|PickThenSend)\b/.test(readFileSync(path, 'utf8')))
    expect(pickers.length).toBeGreaterThan(5)
    for (const path of pickers) {
      if (path.endsWith('PickThenSend.svelte')) continue // hands its caller's source on
      expect(readFileSync(path, 'utf8'), relative(root, path)).toMatch(/from '[^']*\/picker-sources'/)
    }
  })

  it('the roster’s PIN-slip list names each as the pickers do, so each is found on the PINs screen', async () => {
    await openRoster(
      'finished',
      {},
      rosterRows,
      // Given before a restart: set on the console, their digits no longer known (the one rule, pin-standing.ts).
      rosterRows.map((r) =>
        outcome(r.rowId, { steps: [{ step: 'pin', state: 'done' }], pinAssigned: true, pin: 'digits-lost' })
      )
    )
    render(RosterScreen)
    await fireEvent.click(await screen.findByRole('button', { name: 'Imprimer les fiches PIN…' }))
    const listed = await within(screen.getByRole('dialog')).findByTestId('slips-forgotten-names')
    await waitFor(() => expectFive(within(listed).getAllByRole('listitem').map(normal)))
  })

  it('the roster’s enrollment line: the current and the next person', async () => {
    const bridge = await openRoster(
      'running',
      {
        'sites.devices': () => ok({ items: [frontReader({ id: 'dev-1' })] }),
        'sites.doors': () => ok({ items: [] }),
        'roster.lineStart': () =>
          ok(line({ current: { rowId: 'row-4', name: 'Ben Ng' }, next: { rowId: 'row-5', name: 'Ben Ng' } }))
      },
      rosterRows
    )
    render(RosterScreen)
    const start = await screen.findByRole('button', { name: /Lancer la chaîne/ })
    await waitFor(() => expect(start).toBeEnabled())
    await fireEvent.click(start)
    await waitFor(() => expect(sent(bridge.calls, 'roster.lineStart')).toHaveLength(1))
    // Two who share a mailbox, one after the other: the file's line tells them apart, as on the plan.
    await waitFor(() => expect(screen.getByTestId('line-current')).toHaveTextContent('Ben Ng · ligne 4'))
    expect(screen.getByTestId('line-next')).toHaveTextContent('Ben Ng · ligne 5')
  })
})
