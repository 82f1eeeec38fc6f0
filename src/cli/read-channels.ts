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
  'cards.view',
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

/**
 * The channels that manage consoles, say what the app is, or read and edit what this desk keeps on its own
 * disk (offline batches, the audit trail, badge settings and history): they work with no console configured.
 */
const LOCAL =
  /^(app|connections)\.|^batches\.(list|get|view|create|rename|delete|addScan|updateRow|deleteRow|exportCsv)$|^audit\.|^badges\.(history|settings|saveSettings)$/
export const needsConsole = (channel: string) => !LOCAL.test(channel)
