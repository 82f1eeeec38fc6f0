import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/svelte'
import PinsScreen from '../../../src/renderer/src/screens/PinsScreen.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { buildApi } from '../../../src/preload/api'
import { pinHandlers } from '../../../src/main/handlers/pins'
import { userHandlers } from '../../../src/main/handlers/users'
import { visitorHandlers } from '../../../src/main/handlers/visitors'
import { PinService } from '../../../src/main/services/pins/pin-service'
import { VisitorService } from '../../../src/main/services/visitors/visitor-service'
import { createDispatch, type Handlers } from '../../../src/main/services/ipc/dispatch'
import { createAccessClient, type AccessClient } from '../../../src/main/services/access/client'
import { probeCertificate } from '../../../src/main/services/access/tls-pinning'
import type { AppServices } from '../../../src/main/services/app-services'
import { startDemoConsoleProcess, type DemoConsoleInfo, type Started } from '../../support/processes'
import { tempDir } from '../../support/temp'

afterEach(() => cleanup())

describe('PINs with a view-only token', () => {
  // The screen talks to main's real PIN, user and visitor handlers over pinned HTTPS to a demo
  // console in its own process: what turns Assign off is what the token yields, not a script.
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

  async function screenWith(token: string) {
    const { pin } = await probeCertificate(remote.info.url)
    const client = createAccessClient({ baseUrl: remote.info.url, token, pin })
    clients.push(client)
    const services = {
      pins: new PinService(async () => client),
      visitors: new VisitorService(async () => client),
      connections: { client: async () => client }
    } as unknown as AppServices
    const dispatch = createDispatch({
      ...pinHandlers(services),
      ...userHandlers(services),
      ...visitorHandlers(services)
    } as unknown as Handlers)
    setApiForTests(
      buildApi(
        (channel, input) => dispatch(channel, input),
        () => () => undefined
      )
    )
    render(PinsScreen)
    await fireEvent.click(screen.getByRole('button', { name: 'Generate PIN' }))
    await screen.findByTestId('generated-pin', {}, { timeout: 10_000 })
    await fireEvent.input(screen.getByRole('searchbox', { name: 'Find a user or visitor' }), {
      target: { value: 'a' }
    })
    const someone = (await screen.findAllByRole('option', {}, { timeout: 10_000 })).find((o) =>
      /\buser\b|@/.test(o.textContent ?? '')
    )
    await fireEvent.click(someone!)
    // Assign waits for the read of whether they hold a PIN; once it is in, only the token decides.
    await screen.findByText(/has no PIN yet|already has a PIN/, {}, { timeout: 10_000 })
    return screen.getByRole('button', { name: 'Assign PIN' })
  }

  it('turns Assign off, naming the missing key, and the banner names every key PINs lacks', async () => {
    const assign = await screenWith(remote.info.tokens.view)
    await expect.poll(() => assign.hasAttribute('disabled'), { timeout: 10_000 }).toBe(true)
    expect(assign).toHaveAccessibleDescription('Needs the permission edit:user')
    expect(screen.getByTestId('permission-note')).toHaveTextContent(
      /needs edit:user and edit:visitor, which this token lacks:/
    )
  })

  it('with the full token on the same console, Assign is on and there is no banner', async () => {
    const assign = await screenWith(remote.info.tokens.full)
    await expect.poll(() => assign.hasAttribute('disabled'), { timeout: 10_000 }).toBe(false)
    expect(screen.queryByTestId('permission-note')).toBeNull()
  })
})

describe('PINs: where the focus goes after a pick', () => {
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
    const services = {
      pins: new PinService(async () => client),
      visitors: new VisitorService(async () => client),
      connections: { client: async () => client }
    } as unknown as AppServices
    const dispatch = createDispatch({
      ...pinHandlers(services),
      ...userHandlers(services),
      ...visitorHandlers(services)
    } as unknown as Handlers)
    setApiForTests(
      buildApi(
        (channel, input) => dispatch(channel, input),
        () => () => undefined
      )
    )
    render(PinsScreen)
  }
  async function pickIn(label: string) {
    await fireEvent.input(screen.getByRole('searchbox', { name: label }), { target: { value: 'a' } })
    const someone = (await screen.findAllByRole('option', {}, { timeout: 10_000 })).find((o) =>
      /\buser\b|@/.test(o.textContent ?? '')
    )
    await fireEvent.click(someone!)
  }

  it('with a view-only token, picking someone puts the focus on the person chosen, never the page title', async () => {
    await mount(remote.info.tokens.view)
    await fireEvent.click(screen.getByRole('button', { name: 'Generate PIN' }))
    await screen.findByTestId('generated-pin', {}, { timeout: 10_000 })
    await pickIn('Find a user or visitor')
    await expect
      .poll(() => document.activeElement?.getAttribute('data-testid'), { timeout: 10_000 })
      .toBe('pin-assign-person')
    await fireEvent.click(screen.getByRole('button', { name: 'Choose someone else' }))
    await expect
      .poll(() => document.activeElement)
      .toBe(screen.getByRole('searchbox', { name: 'Find a user or visitor' }))
  })

  it("Remove's pick puts the focus on the person's line, not on Remove PIN; Choose someone else on the search", async () => {
    await mount(remote.info.tokens.full)
    await fireEvent.click(screen.getByText("Remove someone's PIN"))
    await pickIn('Whose PIN')
    await screen.findByText(/has a PIN\.|has no PIN: there is nothing to remove/, {}, { timeout: 10_000 })
    await expect
      .poll(() => document.activeElement?.getAttribute('data-testid'), { timeout: 10_000 })
      .toMatch(/pin-remove-person|pin-none/)
    expect(document.activeElement?.textContent).not.toMatch(/Remove PIN/)
    await fireEvent.click(screen.getByRole('button', { name: 'Choose someone else' }))
    await expect.poll(() => document.activeElement).toBe(screen.getByRole('searchbox', { name: 'Whose PIN' }))
  })
})
