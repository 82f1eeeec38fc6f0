import '@testing-library/jest-dom/vitest'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fireEvent, render, screen, within } from '@testing-library/svelte'
import VisitorCredentials from '../../../src/renderer/src/components/visitors/VisitorCredentials.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { buildApi } from '../../../src/preload/api'
import { visitorHandlers } from '../../../src/main/handlers/visitors'
import { VisitorService } from '../../../src/main/services/visitors/visitor-service'
import { createDispatch, type Dispatch, type Handlers } from '../../../src/main/services/ipc/dispatch'
import { createAccessClient, type AccessClient } from '../../../src/main/services/access/client'
import { probeCertificate } from '../../../src/main/services/access/tls-pinning'
import type { AppServices } from '../../../src/main/services/app-services'
import type { Visitor } from '../../../src/shared/access/visitors'
import { control } from '../../unit/access/support'
import { startDemoConsoleProcess, type DemoConsoleInfo, type Started } from '../../support/processes'
import { tempDir } from '../../support/temp'

/**
 * Visitors' own "Assign QR code" whose answer is lost (the demo console assigns the code, then cuts the
 * connection): main reads the visitor's code back, and the panel says so, by the one reading of a
 * read-back answer (lib/read-back.ts), as Badges does. Main's real handlers, over pinned HTTPS to a demo
 * console in its own process; the console's state is asserted through its control API.
 */
describe('Visitors: a QR code assigned whose answer was lost', () => {
  let remote: Started<DemoConsoleInfo>
  let consoleDir: Awaited<ReturnType<typeof tempDir>>
  let client: AccessClient
  let dispatch: Dispatch
  let demo: { url: string; certificatePem: string; tokens: DemoConsoleInfo['tokens'] }

  beforeAll(async () => {
    consoleDir = await tempDir()
    remote = await startDemoConsoleProcess(consoleDir.path)
    const { pin } = await probeCertificate(remote.info.url)
    demo = { url: remote.info.url, certificatePem: pin.pems[0]!, tokens: remote.info.tokens }
    client = createAccessClient({ baseUrl: remote.info.url, token: remote.info.tokens.full, pin })
    const services = { visitors: new VisitorService(async () => client) } as unknown as AppServices
    dispatch = createDispatch(visitorHandlers(services) as unknown as Handlers)
  }, 30_000)
  afterAll(async () => {
    await control(demo, 'DELETE', '/__demo/faults').catch(() => undefined)
    client?.close()
    await remote?.stop()
    await consoleDir?.remove()
  })

  it('says the answer was lost and that reading it back shows the code; the console holds it', async () => {
    setApiForTests(
      buildApi(
        (channel, input) => dispatch(channel, input),
        () => () => undefined
      )
    )
    const held = (await control<{ data: (Visitor & { qr: string | null })[] }>(demo, 'GET', '/__demo/state/visitors'))
      .body.data
    const without = held.find((v) => !v.qr && v.status !== 'CANCELLED')!
    expect(without).toBeDefined()
    const listed = await dispatch('visitors.get', { id: without.id })
    if (!listed.ok) throw new Error(listed.error.message)
    const visitor = listed.result as Visitor

    render(VisitorCredentials, { visitor, onchanged: () => undefined })
    const assign = await screen.findByRole('button', { name: 'Assign QR code' }, { timeout: 10_000 })
    await expect.poll(() => assign, { timeout: 10_000 }).toBeEnabled()
    // The console carries out the assignment, then the answer is lost with the connection.
    await control(demo, 'PUT', '/__demo/faults', {
      afterCommit: { reset: 1, paths: ['PUT /visitors/:id/qr_codes'] }
    })
    await fireEvent.click(assign)

    const note = await screen.findByTestId('qr-assigned', {}, { timeout: 15_000 })
    expect(note).toHaveTextContent("the console's answer was lost; reading it back shows the code is there")
    expect(within(note.parentElement!).getByTestId('visitor-qr')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).toBeNull()
    // What the console holds now: a QR code for this visitor.
    await control(demo, 'DELETE', '/__demo/faults')
    const after = (await control<{ data: (Visitor & { qr: string | null })[] }>(demo, 'GET', '/__demo/state/visitors'))
      .body.data
    expect(after.find((v) => v.id === without.id)?.qr).toMatch(/^[0-9a-f]+$/)
  })
})
