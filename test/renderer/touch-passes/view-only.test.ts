import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { render, screen, within } from '@testing-library/svelte'
import TouchPassesScreen from '../../../src/renderer/src/screens/TouchPassesScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { buildApi } from '../../../src/preload/api'
import { touchPassHandlers } from '../../../src/main/handlers/touch-passes'
import { TouchPassService } from '../../../src/main/services/touch-passes/touch-pass-service'
import { createDispatch, type Dispatch, type Handlers } from '../../../src/main/services/ipc/dispatch'
import { createAccessClient, type AccessClient } from '../../../src/main/services/access/client'
import { probeCertificate } from '../../../src/main/services/access/tls-pinning'
import type { AppServices } from '../../../src/main/services/app-services'
import { startDemoConsoleProcess, type DemoConsoleInfo, type Started } from '../../support/processes'
import { tempDir } from '../../support/temp'
import { scriptedBridge } from '../../support/fake-bridge'

describe('Touch Passes with a view-only token', () => {
  // The screen talks to main's real Touch Pass handlers with the demo console's view-only token,
  // over pinned HTTPS to a demo console in its own process (its certificate cannot be made in
  // jsdom): what the screen turns off is what such a token actually yields, not a scripted answer.
  let remote: Started<DemoConsoleInfo>
  let consoleDir: Awaited<ReturnType<typeof tempDir>>
  let client: AccessClient
  let dispatch: Dispatch
  let consolePasses: number

  beforeAll(async () => {
    consoleDir = await tempDir()
    remote = await startDemoConsoleProcess(consoleDir.path)
    const { pin } = await probeCertificate(remote.info.url)
    client = createAccessClient({ baseUrl: remote.info.url, token: remote.info.tokens.view, pin })
    const services = { touchPasses: new TouchPassService(async () => client) } as unknown as AppServices
    dispatch = createDispatch(touchPassHandlers(services) as unknown as Handlers)
    consolePasses = await client.touchPasses.count()
  }, 30_000)
  afterAll(async () => {
    client?.close()
    await remote?.stop()
    await consoleDir?.remove()
  })

  it('lists passes but turns buying and giving off, naming the missing permission keys', async () => {
    setApiForTests(
      buildApi(
        (channel, input) => dispatch(channel, input),
        () => () => undefined
      )
    )
    // What main answers for this token: both edit keys missing (the probes are refused with 403).
    expect(await dispatch('touchPasses.capabilities', undefined)).toEqual({
      ok: true,
      result: {
        canEdit: false,
        missingPermission: 'edit:credential',
        canAssign: false,
        assignMissingPermission: 'edit:user'
      }
    })
    render(TouchPassesScreen)
    // Viewing still works: the console's passes are listed.
    expect(consolePasses).toBeGreaterThan(0)
    const list = await screen.findByTestId('passes-table', {}, { timeout: 10_000 })
    // A header row and one row per pass of the first page.
    expect(within(list).getAllByRole('row').length).toBeGreaterThan(1)
    expect(await screen.findByTestId('permission-note', {}, { timeout: 10_000 })).toHaveTextContent('edit:credential')
    const buy = screen.getByRole('button', { name: 'Buy passes…' })
    expect(buy).toBeDisabled()
    expect(buy).toHaveAccessibleDescription('Needs the permission edit:credential')
    const giveMany = screen.getByRole('button', { name: 'Give passes to users…' })
    expect(giveMany).toBeDisabled()
    expect(giveMany).toHaveAccessibleDescription('Needs the permission edit:user')
  })

  it('with the full token on the same console, the same screen offers buying and giving', async () => {
    // The contrast: what turned the buttons off above is the token, not the screen.
    const { pin } = await probeCertificate(remote.info.url)
    const full = createAccessClient({ baseUrl: remote.info.url, token: remote.info.tokens.full, pin })
    try {
      const services = { touchPasses: new TouchPassService(async () => full) } as unknown as AppServices
      const fullDispatch = createDispatch(touchPassHandlers(services) as unknown as Handlers)
      setApiForTests(
        buildApi(
          (channel, input) => fullDispatch(channel, input),
          () => () => undefined
        )
      )
      render(TouchPassesScreen)
      await screen.findByTestId('passes-table', {}, { timeout: 10_000 })
      const buy = screen.getByRole('button', { name: 'Buy passes…' })
      await expect.poll(() => buy.hasAttribute('disabled'), { timeout: 10_000 }).toBe(false)
      expect(screen.getByRole('button', { name: 'Give passes to users…' })).toBeEnabled()
      expect(screen.queryByTestId('permission-note')).toBeNull()
    } finally {
      full.close()
    }
  })

  it('shows a failed list as an error with its hint and a retry', async () => {
    const { bridge } = scriptedBridge({
      'touchPasses.list': () => ({
        ok: false,
        error: {
          kind: 'unsupported',
          message: 'This console does not offer Fetch Touch Pass list (E9).',
          hint: 'Update the Access application.',
          retryable: false
        }
      }),
      'touchPasses.capabilities': () => ({ ok: true, result: { canEdit: true } })
    })
    setApiForTests(bridge)
    render(TouchPassesScreen)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('does not offer')
    expect(alert).toHaveTextContent('Update the Access application.')
  })
})
