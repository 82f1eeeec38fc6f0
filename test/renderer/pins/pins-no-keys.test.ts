import '@testing-library/jest-dom/vitest'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/svelte'
import PinsScreen from '../../../src/renderer/src/screens/PinsScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { buildApi } from '../../../src/preload/api'
import { pinHandlers } from '../../../src/main/handlers/pins'
import { PinService } from '../../../src/main/services/pins/pin-service'
import { createDispatch, type Handlers } from '../../../src/main/services/ipc/dispatch'
import { createAccessClient, type AccessClient } from '../../../src/main/services/access/client'
import { probeCertificate } from '../../../src/main/services/access/tls-pinning'
import type { AppServices } from '../../../src/main/services/app-services'
import { startDemoConsoleProcess, type DemoConsoleInfo, type Started } from '../../support/processes'
import { tempDir } from '../../support/temp'

afterEach(() => cleanup())

/**
 * Issue 31 F3: with a token holding no key the banner left out view:credential and Generate PIN stayed
 * on (then refused "lacks view:credential needed for Generate PIN code (E1)"). E1's key is declared
 * once (actionKeys.pins.generate): main's probe finds it missing, the button and the banner follow.
 * Main's real PIN handlers over pinned HTTPS to a demo console in its own process.
 */
describe('PINs with a token holding no keys', () => {
  let remote: Started<DemoConsoleInfo>
  let consoleDir: Awaited<ReturnType<typeof tempDir>>
  const clients: AccessClient[] = []

  beforeAll(async () => {
    consoleDir = await tempDir()
    remote = await startDemoConsoleProcess(consoleDir.path)
  }, 30_000)
  afterAll(async () => {
    for (const c of clients) c.close()
    await remote?.stop()
    await consoleDir?.remove()
  })

  async function mount(token: string) {
    const { pin } = await probeCertificate(remote.info.url)
    const client = createAccessClient({ baseUrl: remote.info.url, token, pin })
    clients.push(client)
    const services = { pins: new PinService(async () => client) } as unknown as AppServices
    const dispatch = createDispatch(pinHandlers(services) as unknown as Handlers)
    setApiForTests(
      buildApi(
        (channel, input) => dispatch(channel, input),
        () => () => undefined
      )
    )
    render(PinsScreen)
    return screen.getByRole('button', { name: 'Generate PIN' })
  }

  it('turns Generate PIN off, naming view:credential, and the banner names it', async () => {
    const generate = await mount(remote.info.tokens.none)
    await expect.poll(() => generate.hasAttribute('disabled'), { timeout: 10_000 }).toBe(true)
    expect(generate).toHaveAccessibleDescription('Needs the permission view:credential')
    expect(screen.getByTestId('permission-note')).toHaveTextContent(
      /needs .*view:credential, which this token lacks: the actions/
    )
  })

  it('with the view token Generate PIN stays on', async () => {
    const generate = await mount(remote.info.tokens.view)
    await expect.poll(() => screen.queryByTestId('permission-note')).not.toBeNull()
    expect(generate).toBeEnabled()
    expect(screen.getByTestId('permission-note')).not.toHaveTextContent('view:credential')
  })
})
