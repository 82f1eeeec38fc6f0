/**
 * The channels `--all-consoles` runs: reads of a console, which change nothing on it or in the data
 * folder. Local reads (batches, audit, rosters, settings) are not per console and are left out.
 * A test holds every name to the contract.
 */
export const CONSOLE_READS: ReadonlySet<string> = new Set([
  'connections.test',
  'pins.capabilities',
  'pins.held',
  'cards.load',
  'cards.get',
  'cards.capabilities',
  'enroll.capabilities',
  'users.list',
  'users.search',
  'users.get',
  'visitors.list',
  'visitors.get',
  'visitors.capabilities',
  'touchPasses.list',
  'touchPasses.search',
  'touchPasses.assignable',
  'touchPasses.expired',
  'touchPasses.get',
  'touchPasses.capabilities',
  'sites.devices',
  'sites.topology',
  'sites.doors',
  'sites.doorGroups',
  'today.list',
  'today.capabilities'
])

/** The channels that manage consoles or say what the app is: they work with no console configured. */
export const needsConsole = (channel: string) => !/^(app|connections)\./.test(channel)
