import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { readFileIfExists } from '../node/atomic-file'
import { writeKeyFile } from '../main/services/connections/secret-store'
import { SECRET_PATTERN } from './protocol'
import { startWebServer, type WebServer, type WebServerOptions } from './server'

/**
 * Web mode's address kept per data folder: the port it got and its secret. A restart of web mode on
 * the same folder comes back at the same address, so a tab left open reconnects by itself and keeps
 * what is typed on its screens (docs/web-mode.md). The secret at rest is as protected as the console
 * token next to it (secrets.json): a file of the user's data folder, mode 0600. Delete the file, or
 * start with `--new-address`, to get a new secret and port (an old tab can no longer reach the service).
 */
export const WEB_ADDRESS_FILE = 'web-address.json'

interface SavedAddress {
  port?: number
  secret?: string
}

/** What the last start kept; anything unreadable or odd is no address (a new one is made). */
async function readSaved(dataDir: string): Promise<SavedAddress> {
  try {
    const raw = JSON.parse((await readFileIfExists(join(dataDir, WEB_ADDRESS_FILE))) ?? '{}') as Record<string, unknown>
    const port = raw['port']
    const secret = raw['secret']
    return {
      port: Number.isInteger(port) && (port as number) > 0 && (port as number) < 65536 ? (port as number) : undefined,
      secret: typeof secret === 'string' && SECRET_PATTERN.test(secret) ? secret : undefined
    }
  } catch {
    return {}
  }
}

/** How this start's address compares with the last one in the folder (said in the ready line). */
export type AddressOutcome =
  /** Same port and secret as last time: a tab still open reconnects by itself. */
  | 'same'
  /** No address kept yet (first start in this folder), or `--new-address`. */
  | 'new'
  /** The port of last time is taken by another program: a new port, the same secret. */
  | 'port-taken'
  /** `--port N` or ACCESS_DESK_WEB_SECRET gave another address than the kept one. */
  | 'given'

export interface WebAtAddress {
  web: WebServer
  outcome: AddressOutcome
  /** The port of last time, when this start could not have it. */
  previousPort?: number
}

export interface AddressChoice {
  dataDir: string
  /**
   * `--port N`: wins over the kept port (and is not kept). `--port 0` names no port: it is read as no
   * `--port` at all (the kept port, else a free one that is kept), so a restart without it comes back
   * where the tab looks.
   */
  port?: number
  /** ACCESS_DESK_WEB_SECRET: wins over the kept secret (and is not written to disk). */
  secret?: string
  /** `--new-address`: forget the kept address, make a new port and secret (and keep them). */
  newAddress?: boolean
}

function addressInUse(err: unknown): boolean {
  return (err as NodeJS.ErrnoException | undefined)?.code === 'EADDRINUSE'
}

/**
 * Start web mode at the folder's kept address: the given port and secret first, else the kept ones,
 * else a free port and a random secret. A kept port that another program took meanwhile gives way to
 * a free one (said by `outcome`). What this start chose on its own is kept for the next start.
 */
export async function startWebAtKeptAddress(
  choice: AddressChoice,
  server: Omit<WebServerOptions, 'port' | 'secret'>
): Promise<WebAtAddress> {
  const saved = choice.newAddress ? {} : await readSaved(choice.dataDir)
  if (choice.port === 0) choice = { ...choice, port: undefined }
  const secret = choice.secret ?? saved.secret ?? randomBytes(24).toString('base64url')
  const port = choice.port ?? saved.port ?? 0

  let web: WebServer
  let portTaken = false
  try {
    web = await startWebServer({ ...server, port, secret })
  } catch (err) {
    // Only a kept port may be given up: a port the person asked for that is taken is their error to see.
    if (!addressInUse(err) || choice.port !== undefined || port === 0) throw err
    portTaken = true
    web = await startWebServer({ ...server, port: 0, secret })
  }
  const gotPort = Number(new URL(web.origin).port)

  const given =
    (choice.port !== undefined && choice.port !== saved.port) ||
    (choice.secret !== undefined && choice.secret !== saved.secret)
  const outcome: AddressOutcome = portTaken
    ? 'port-taken'
    : saved.port === undefined || saved.secret === undefined
      ? given
        ? 'given'
        : 'new'
      : given
        ? 'given'
        : 'same'

  // Keep what this start chose itself; a port or secret given for this start only is not written down.
  const keep: SavedAddress = {
    port: choice.port === undefined ? gotPort : saved.port,
    secret: choice.secret === undefined ? secret : saved.secret
  }
  if (keep.port !== saved.port || keep.secret !== saved.secret) {
    try {
      // The file holds the key to the app: kept as secrets.json is.
      await writeKeyFile(choice.dataDir, WEB_ADDRESS_FILE, JSON.stringify(keep))
    } catch (err) {
      await web.close()
      throw err
    }
  }
  return { web, outcome, previousPort: portTaken ? saved.port : undefined }
}

/** The ready line's sentence about the address, after "Access Desk (web mode) is ready." */
export function addressSentence(result: WebAtAddress, dataDir: string): string {
  const file = join(dataDir, WEB_ADDRESS_FILE)
  switch (result.outcome) {
    case 'same':
      return 'Same address as last time: a tab still open on it reconnects by itself and keeps what is typed on it.'
    case 'port-taken':
      return (
        `Port ${result.previousPort} of last time is taken by another program, so the address is new: ` +
        'a tab still open on the old address cannot reconnect; copy what is typed there before closing it, then open this address.'
      )
    case 'given':
      return 'Address set by --port or ACCESS_DESK_WEB_SECRET for this start.'
    case 'new':
      return `New address, kept in ${file} for the next start (delete that file, or start with --new-address, for another).`
  }
}
