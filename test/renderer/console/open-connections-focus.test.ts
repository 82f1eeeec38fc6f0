import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/svelte'
import SettingsScreen from '../../../src/renderer/src/screens/SettingsScreen.svelte'
import ErrorNotice from '../../../src/renderer/src/components/ErrorNotice.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { connection } from '../../../src/renderer/src/stores/connection.svelte'
import { router } from '../../../src/renderer/src/stores/router.svelte'
import { AppError } from '../../../src/shared/errors'
import { scriptedBridge } from '../../support/fake-bridge'

afterEach(() => cleanup())

const fp = (byte: string) => Array.from({ length: 32 }, () => byte).join(':')
const profile = (id: string, name: string) => ({
  id,
  name,
  url: `https://10.0.0.${id === 'lab' ? 5 : 6}:12445`,
  fingerprint256: fp('AA'),
  demo: false,
  hasToken: true,
  tokenStorage: 'file'
})

describe('"Open Settings → Connections" leads to the connection to fix', () => {
  it('puts the focus on the active connection in the Connections section (not on the page body)', async () => {
    const { bridge } = scriptedBridge({
      'connections.list': () => ({
        ok: true,
        result: { profiles: [profile('office', 'Office'), profile('lab', 'Lab console')], activeId: 'lab' }
      }),
      // The console was reset: it presents a new certificate (what sent the person here).
      'connections.certificate': () => ({
        ok: true,
        result: {
          id: 'lab',
          pinned: fp('AA'),
          presented: {
            fingerprint256: fp('BB'),
            subject: 'CN=Access console',
            issuer: 'CN=Access console',
            validFrom: '2026-01-01T00:00:00.000Z',
            validTo: '2036-01-01T00:00:00.000Z'
          },
          changed: true
        }
      })
    })
    setApiForTests(bridge)
    await connection.load()
    router.go('cards')
    render(SettingsScreen)
    const error = new AppError({
      kind: 'tls',
      code: 'CERT_CHANGED',
      message: 'The certificate is not the one you trusted.'
    })
    render(ErrorNotice, { error })
    await fireEvent.click(screen.getByRole('button', { name: 'Open Settings → Connections' }))
    expect(router.current).toBe('settings')
    const lab = screen.getByRole('listitem', { name: 'Lab console' })
    await waitFor(() => expect(document.activeElement).toBe(lab))
    // The changed certificate is shown in it; finding it takes the focus nowhere else.
    await waitFor(() => expect(lab).toHaveTextContent('Certificate changed'))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(document.activeElement).toBe(lab)
  })
})
