import { execFile } from 'node:child_process'
import https from 'node:https'
import { promisify } from 'node:util'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { DemoConsoleInfo } from '../../support/processes'

const run = promisify(execFile)
const root = process.cwd()

/**
 * The installed command as a user runs it: `node out/main/access-desk.js`, what package.json `bin`
 * names, built by `npm run build` (`npm test` builds first). Never the TypeScript through a loader:
 * what is tested is the built launcher and its build-time catalog.
 */
export function accessDesk(): string[] {
  const launcher = 'out/main/access-desk.js'
  if (!existsSync(join(root, launcher))) throw new Error(`${launcher} is missing: npm run build first.`)
  return [launcher]
}

export interface CliRun {
  code: number
  stdout: string
  stderr: string
}

/** One call through real pipes; `stdin` is written to its standard input, then closed. */
export function cli(args: string[], options: { stdin?: string; env?: NodeJS.ProcessEnv } = {}): Promise<CliRun> {
  const call = run(process.execPath, [...accessDesk(), ...args], {
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, ...options.env }
  })
  call.child.stdin!.end(options.stdin ?? '')
  return call.then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr })
  )
}

/** A shell pipeline (`… | wc -l`), the CLI first: `$CLI` in `script` is the command. */
export async function pipeline(script: string): Promise<string> {
  // Unquoted: the shell splits $CLI into its words (node's path and the launcher's hold no spaces).
  const command = [process.execPath, ...accessDesk()].join(' ')
  const { stdout } = await run('sh', ['-c', script], {
    env: { ...process.env, CLI: command },
    maxBuffer: 64 * 1024 * 1024
  })
  return stdout
}

/** The demo console's control API (faults, what it holds): a test console on this machine. */
export function demoControl(info: DemoConsoleInfo) {
  const call = (method: string, path: string, body?: unknown) =>
    new Promise<unknown>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body)
      const req = https.request(
        new URL(path, info.url),
        {
          method,
          // The demo console this test started, at the address it printed: its certificate is its own.
          rejectUnauthorized: false,
          agent: false,
          headers: {
            Authorization: `Bearer ${info.tokens.full}`,
            ...(payload ? { 'Content-Type': 'application/json' } : {})
          }
        },
        (res) => {
          let text = ''
          res.setEncoding('utf8')
          res.on('data', (d: string) => (text += d))
          res.on('end', () =>
            res.statusCode === 200
              ? resolve((JSON.parse(text) as { data: unknown }).data)
              : reject(new Error(`${method} ${path}: ${res.statusCode} ${text}`))
          )
        }
      )
      req.on('error', reject)
      req.end(payload)
    })
  return {
    faults: (faults: unknown) => call('PUT', '/__demo/faults', faults),
    clearFaults: () => call('DELETE', '/__demo/faults'),
    held: (resource: 'cards' | 'users' | 'visitors') => call('GET', `/__demo/state/${resource}`) as Promise<unknown[]>
  }
}

/** Save a demo console as a person would: probe it, then save it with the token on standard input. */
/** The certificate a console shows at its address, read by the CLI as a person adding it would (`connections.probe`). */
export async function probeConsole(dataDir: string, url: string): Promise<string> {
  const probe = await cli(['--data', dataDir, 'connections.probe', '--url', url])
  if (probe.code !== 0) throw new Error(`probe failed: ${probe.stderr}`)
  return (JSON.parse(probe.stdout) as { fingerprint256: string }).fingerprint256
}

/**
 * A console saved through the CLI under `name`, pinned to `fingerprint256` (by default the one its address
 * shows now). Saves into one data folder run one after another (the saved order is the consoles' order);
 * the probes of several consoles can run side by side first.
 */
export async function saveConsole(
  dataDir: string,
  name: string,
  info: DemoConsoleInfo,
  fingerprint256?: string
): Promise<string> {
  const pinned = fingerprint256 ?? (await probeConsole(dataDir, info.url))
  const saved = await cli(
    ['--data', dataDir, 'connections.save', '--name', name, '--url', info.url, '--fingerprint256', pinned],
    { stdin: info.tokens.full }
  )
  if (saved.code !== 0) throw new Error(`save failed: ${saved.stderr}`)
  return (JSON.parse(saved.stdout) as { id: string }).id
}
