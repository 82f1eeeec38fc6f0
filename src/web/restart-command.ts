/**
 * The command that starts this web mode again as it runs now, for the tab's banner while the service
 * is down (components/ServiceBanner.svelte): the command the person used (`npm run web`, or `npm start`
 * where it ran web mode, told by scripts/start.mjs in ACCESS_DESK_STARTED_AS) with the data folder it
 * was given (else a restart would open the default folder, at another address the tab never reaches)
 * and the port it was given. Sent to the tab in the bridge's `ready` message. The secret is never in it.
 */
export function restartCommand(given: {
  /** How it was started: `npm start` or `npm run web` (anything else: `npm run web`). */
  startedAs?: string | undefined
  /** The data folder, absolute, when one was given (--data or ACCESS_DESK_DATA); undefined: the default. */
  dataDir?: string | undefined
  /** The port given with --port (0 or none: the one kept for the data folder, not named). */
  port?: number | undefined
}): string {
  const npm = given.startedAs === 'npm start' ? 'npm start' : 'npm run web'
  const args = [
    ...(given.dataDir === undefined ? [] : ['--data', shellWord(given.dataDir)]),
    ...(given.port ? ['--port', String(given.port)] : [])
  ]
  return args.length ? `${npm} -- ${args.join(' ')}` : npm
}

/** A word as a POSIX shell reads it back: as is when plain, else in single quotes. */
export function shellWord(word: string): string {
  return /^[\w./:@%+,=-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`
}
