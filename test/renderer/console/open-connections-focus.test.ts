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

const profile = (id: string, name: string) => ({
  id,
  name,
  url: `https://10.0.0.${id === 'lab' ? 5 : 6}:12445`,
  fingerprint256: Array.from({ length: 32 }, () => 'AA').join(':'),
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
      'connections.certificate': () => ({ ok: false, error: { kind: 'network', message: 'x', retryable: true } })
    })
    setApiForTests(bridge)
    await connection.load()
    router.go('cards')
    render(SettingsScreen)
    const error = new AppError({ kind: 'auth', code: 'TOKEN_REFUSED', message: 'The console refused the token.' })
    render(ErrorNotice, { error })
    await fireEvent.click(screen.getByRole('button', { name: 'Open Settings → Connections' }))
    expect(router.current).toBe('settings')
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('listitem', { name: 'Lab console' })))
  })
})
