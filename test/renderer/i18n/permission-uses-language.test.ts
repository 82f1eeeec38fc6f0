import '@testing-library/jest-dom/vitest'
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/svelte'
import PermissionList from '../../../src/renderer/src/screens/settings/PermissionList.svelte'
import { checkSummary } from '../../../src/renderer/src/screens/settings/check-summary'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { settingsWords } from '../../../src/renderer/src/lib/i18n/settings-messages.svelte'

const permissions = [
  { key: 'view:user', status: 'allowed' as const, uses: 'find people' },
  {
    key: 'edit:visitor',
    status: 'missing' as const,
    uses: 'create, edit, cancel and delete visitors; give them PINs, cards and QR codes'
  }
]

describe('Settings’ permissions table says what each key is needed for in the desk’s language', () => {
  afterEach(() => {
    cleanup()
    deskLanguage.choose(null)
  })

  it('says the "Needed for" cells and the test summary in French, the keys as the console names them', async () => {
    deskLanguage.choose('fr')
    render(PermissionList, { permissions })
    const row = (key: string) => screen.getByText(key).closest('tr')!
    await expect.poll(() => row('view:user').textContent).toContain('trouver des personnes')
    expect(row('edit:visitor')).toHaveTextContent('créer, modifier, annuler et supprimer des visiteurs')
    expect(screen.getByRole('table')).not.toHaveTextContent('find people')
    await expect.poll(() => settingsWords().locale).toBe('fr')
    const summary = checkSummary({ url: 'https://c', latencyMs: 12, permissions } as never)
    expect(summary).toContain('créer, modifier, annuler et supprimer des visiteurs')
  })
})
