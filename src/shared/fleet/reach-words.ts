import type { ConsoleReach } from '../connections'

/**
 * A console's connection state in words: the sidebar's line (ConsoleReachLine) and each console of
 * the Consoles screen say it alike.
 */
export const reachWords: Record<ConsoleReach['state'], string> = {
  reachable: 'Connected',
  unreachable: 'Not answering',
  refused: 'Token refused',
  certificate: 'Certificate changed',
  permissions: 'Missing permissions',
  trouble: 'Answering with errors'
}
