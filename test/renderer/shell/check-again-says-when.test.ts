import '@testing-library/jest-dom/vitest'
import { describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor } from '@testing-library/svelte'
import type { ConsoleReach } from '../../../src/shared/connections'
import { sidebarWithMain } from '../console/sidebar-main'

const refused: ConsoleReach = {
  profileId: 'site',
  state: 'refused',
  checkedAt: 1,
  message: 'The console refused the API token for Fetch all NFC cards (E6).'
}

/**
 * Issue 31 F6: Check again with a refused token showed "Checking…" and then exactly the same words:
 * nothing said the check was made. It says when, and that the state stays.
 */
describe('the sidebar’s Check again when nothing changed', () => {
  it('says when it checked and that the token is still refused', async () => {
    const main = await sidebarWithMain(refused)
    const region = screen.getByTestId('console-answers')
    await waitFor(() => expect(region).toHaveTextContent('Token refused'))
    expect(region).not.toHaveTextContent('Checked again')
    await fireEvent.click(screen.getByRole('button', { name: 'Check again' }))
    await waitFor(() =>
      expect(screen.getByTestId('rechecked')).toHaveTextContent(
        /^Checked again at \d{1,2}:\d\d( [AP]M)?: still token refused\.$/
      )
    )
    // A state that changes since is not said "still".
    main.emit('connections.reach', { profileId: 'site', state: 'unreachable', checkedAt: 2, message: 'No answer.' })
    await waitFor(() => expect(region).toHaveTextContent('Not answering'))
    expect(screen.queryByTestId('rechecked')).toBeNull()
  })
})
