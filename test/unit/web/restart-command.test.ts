import { describe, expect, it } from 'vitest'
import { restartCommand } from '../../../src/web/restart-command'
import { readServerMessage } from '../../../src/web/bridge-wire'

/** What the tab's banner says to run while web mode is down: how this service was started, its folder. */
describe('the command that starts this web mode again', () => {
  it('names the data folder and port it was given, under the command the person used', () => {
    expect(restartCommand({})).toBe('npm run web')
    expect(restartCommand({ startedAs: 'npm start' })).toBe('npm start')
    expect(restartCommand({ startedAs: 'npm run web', dataDir: '/tmp/walk2-data' })).toBe(
      'npm run web -- --data /tmp/walk2-data'
    )
    expect(restartCommand({ startedAs: 'npm start', dataDir: '/srv/desk', port: 5190 })).toBe(
      'npm start -- --data /srv/desk --port 5190'
    )
    // --port 0 names no port: the one kept for the folder comes back by itself.
    expect(restartCommand({ dataDir: '/d', port: 0 })).toBe('npm run web -- --data /d')
    // A folder a shell would split or expand is quoted.
    expect(restartCommand({ dataDir: "/home/o'neil/Access Desk $x" })).toBe(
      `npm run web -- --data '/home/o'\\''neil/Access Desk $x'`
    )
  })

  it('travels in the bridge’s ready message; a ready without it is read as before', () => {
    expect(readServerMessage({ type: 'ready', maxMessageBytes: 10, restart: 'npm run web -- --data /d' })).toEqual({
      type: 'ready',
      maxMessageBytes: 10,
      restart: 'npm run web -- --data /d'
    })
    expect(readServerMessage({ type: 'ready', maxMessageBytes: 10, restart: 42 })).toEqual({
      type: 'ready',
      maxMessageBytes: 10
    })
  })
})
