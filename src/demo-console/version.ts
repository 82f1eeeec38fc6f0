import { compareVersions } from '../shared/access/endpoints'

/** The Access version the demo console claims; `--version` lowers it to test gated endpoints. */
export const DEFAULT_CONSOLE_VERSION = '3.3.21'

export function supports(consoleVersion: string, minVersion: string | undefined): boolean {
  return !minVersion || compareVersions(consoleVersion, minVersion) >= 0
}
