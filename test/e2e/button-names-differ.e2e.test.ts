import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startJob, type Job } from '../support/job'
import { startDemo, type Demo } from '../unit/access/support'
import { sameNamedButtons } from '../support/same-named-buttons'

/**
 * Every button a screen shows has a name of its own: a button repeated for each item (a console, a
 * printer, a row) carries its item in its accessible name, so a screen reader's list of buttons tells
 * them apart ("Remove the connection Lobby desk…", never three "Remove…"). Each screen is opened with two
 * consoles saved, and the buttons of its content (main, an open dialog) are read.
 */
const SCREENS = [
  'Home',
  'Today',
  'Cards',
  'Enroll',
  'Import',
  'Roster',
  'PINs',
  'Touch Passes',
  'Visitors',
  'Badges',
  'Audit',
  'Consoles',
  'Settings'
]

describe('no two buttons of a screen share a name', () => {
  let job: Job
  let lobby: Demo
  beforeAll(async () => {
    ;[job, lobby] = await Promise.all([startJob(), startDemo()])
    const cert = await job.desk('connections', 'probe', { url: lobby.console.url })
    await job.desk('connections', 'save', {
      name: 'Lobby desk',
      url: lobby.console.url,
      token: lobby.console.tokens.full,
      fingerprint256: cert.fingerprint256
    })
    // Saved behind the screens' back: the tab reads the consoles again.
    await job.page.reload()
    await job.page.getByRole('navigation').waitFor()
  }, 120_000)
  afterAll(async () => {
    await job?.close()
    await lobby?.stop()
  })

  it('on every screen, with two consoles saved', async () => {
    const found: Record<string, string[]> = {}
    for (const screen of SCREENS) {
      await job.open(screen)
      await job.page.locator('main h1').first().waitFor()
      // The screen's first read drawn (its rows, the consoles' cards): its calls answered and drawn.
      await job.settled()
      const same = await sameNamedButtons(job.page)
      if (same.length > 0) found[screen] = same
      // The consoles' cards with their named buttons: axe too (a name of its own, readable).
      if (screen === 'Settings') await job.expectAccessible('Settings with two consoles')
    }
    expect(found).toEqual({})
  }, 240_000)
})
