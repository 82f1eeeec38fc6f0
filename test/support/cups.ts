import { execFile, spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { chmod, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { connect, createServer } from 'node:net'
import { join } from 'node:path'
import { tempDir } from './temp'

/**
 * A real CUPS on loopback for one test file: `cupsd` started as a child with its own configuration,
 * spool, state and logs in a temporary folder, listening on 127.0.0.1 at a free port only (no socket
 * in /run, no browsing, no web interface), ended by its pid. No system CUPS is assumed nor touched.
 *
 * Its queues are made by `lpadmin` with a label printer's real driver (Debian's printer-driver-ptouch
 * and printer-driver-dymo), each on a `file:` device (FileDevice Yes): what the driver produced for the
 * queue's last job is read back from that file. Missing packages fail loudly: .ci/run installs them.
 *
 * The app finds these queues as it finds any CUPS's: `lpstat` with CUPS_SERVER set to `server`.
 */

/** lpadmin -m models of the label printers the tests print to (`/usr/lib/cups/driver/<name> list`). */
export const BROTHER_QL_820NWB = 'ptouch:0/ppd/ptouch-driver/Brother-QL-820NWB-ptouch-ql.ppd'
export const DYMO_LABELWRITER_450 = 'dymo:0/cups/model/lw450.ppd'

const CUPSD = '/usr/sbin/cupsd'
const NEEDED = [
  CUPSD,
  '/usr/sbin/lpadmin',
  '/usr/sbin/cupsenable',
  '/usr/sbin/cupsdisable',
  '/usr/bin/lpstat',
  '/usr/bin/ipptool',
  '/usr/lib/cups/driver/ptouch',
  '/usr/lib/cups/driver/dymo'
]

export function assertCupsInstalled(): void {
  const missing = NEEDED.filter((p) => !existsSync(p))
  if (missing.length) {
    throw new Error(
      `CUPS and the label drivers are not installed (missing ${missing.join(', ')}). Install them as root: ` +
        'apt-get install -y cups cups-ipp-utils printer-driver-ptouch printer-driver-dymo (.ci/run does).'
    )
  }
}

export interface CupsQueue {
  name: string
  /** The driver: an lpadmin -m model (BROTHER_QL_820NWB, DYMO_LABELWRITER_450). */
  model: string
}

/** A job as CUPS reports it (Get-Job-Attributes, asked with CUPS's own ipptool). */
export interface CupsJob {
  state: string
  /** The media the job was printed on, as the client asked it (a PWG name). */
  media: string | undefined
}

export interface CupsServer {
  /** host:port, as CUPS_SERVER and `lpstat -H` write it. */
  server: string
  /** The queue's IPP address on this CUPS. */
  url(queue: string): string
  /** The PPD CUPS made for the queue from its driver. */
  ppd(queue: string): Promise<string>
  /**
   * The bytes the driver sent to the queue's device since the last take (null: nothing), removed from
   * the device: each job's output is its own.
   */
  takeDeviceOutput(queue: string): Promise<Buffer | null>
  /**
   * The queue's device taken away (its file removed): CUPS cannot open it for the next job and stops the
   * queue with the job held, as when a USB label printer is unplugged mid-day. `mendDevice` puts it back.
   */
  breakDevice(queue: string): Promise<void>
  mendDevice(queue: string): Promise<void>
  /** A CUPS command (lpstat, cupsdisable, cupsenable, lpadmin…) run against this server. */
  run(command: string, args: string[]): Promise<string>
  /** The job's state and media, from CUPS. */
  job(queue: string, jobId: number): Promise<CupsJob>
  /** The ids of every job CUPS holds for the queue, whatever their state. */
  jobIds(queue: string): Promise<number[]>
  /** cupsd's error log (each job's filters and why one failed). */
  log(): Promise<string>
  stop(): Promise<void>
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(command, args, { env, timeout: 20_000, encoding: 'utf8' }, (err, stdout, stderr) =>
      err ? reject(new Error(`${command} ${args.join(' ')} failed: ${stderr || err.message}`)) : resolve(stdout)
    )
  })
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect({ port, host: '127.0.0.1' })
    s.once('connect', () => {
      s.destroy()
      resolve(true)
    })
    s.once('error', () => resolve(false))
  })
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))
      )
    })
  })
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    const hard = setTimeout(() => child.kill('SIGKILL'), 5000)
    child.once('exit', () => {
      clearTimeout(hard)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Anyone may print and administer: this CUPS answers on loopback only, for one test file. */
const cupsdConf = (port: number) =>
  [
    `Listen 127.0.0.1:${port}`,
    'ServerName 127.0.0.1',
    'Browsing No',
    'BrowseLocalProtocols none',
    'WebInterface No',
    'LogLevel info',
    'DefaultAuthType None',
    // Jobs kept, so that a test can ask a completed job's state and media.
    'PreserveJobHistory Yes',
    'PreserveJobFiles No',
    '<Location />',
    '  Order allow,deny',
    '  Allow all',
    '</Location>',
    '<Policy default>',
    '  <Limit All>',
    '    Order deny,allow',
    '  </Limit>',
    '</Policy>'
  ].join('\n') + '\n'

const cupsFilesConf = (root: string) =>
  [
    `ServerRoot ${root}/etc`,
    `RequestRoot ${root}/spool`,
    `TempDir ${root}/spool/tmp`,
    `CacheDir ${root}/cache`,
    `StateDir ${root}/state`,
    `AccessLog ${root}/log/access_log`,
    `ErrorLog ${root}/log/error_log`,
    `PageLog ${root}/log/page_log`,
    // The printcap file CUPS writes for old clients: here, not /run/cups.
    `Printcap ${root}/state/printcap`,
    // A queue's device is a file the test reads back.
    'FileDevice Yes',
    // Filters run as lp (as a system CUPS runs them), when cupsd runs as root.
    'User lp',
    'Group lp',
    'SystemGroup root'
  ].join('\n') + '\n'

/** A Get-Job-Attributes request in ipptool's file syntax. */
const GET_JOB = `{
  OPERATION Get-Job-Attributes
  GROUP operation-attributes-tag
  ATTR charset attributes-charset utf-8
  ATTR naturalLanguage attributes-natural-language en
  ATTR uri printer-uri $uri
  ATTR integer job-id $job_id
  ATTR keyword requested-attributes job-state,media
  STATUS successful-ok
}
`

/** cupsd on a free loopback port with `queues`, each made by lpadmin with its driver. */
export async function startCups(queues: CupsQueue[]): Promise<CupsServer> {
  assertCupsInstalled()
  const dir = await tempDir('access-desk-cups-')
  const root = dir.path
  // The filters run as lp: they must reach the spool under this folder (mkdtemp makes it 0700).
  await chmod(root, 0o755)
  for (const sub of ['etc/ppd', 'spool/tmp', 'cache', 'state', 'log', 'device']) {
    await mkdir(join(root, sub), { recursive: true })
  }
  await writeFile(join(root, 'etc', 'cups-files.conf'), cupsFilesConf(root))
  await writeFile(join(root, 'get-job.test'), GET_JOB)

  let child: ChildProcess | undefined
  let port = 0
  let output = ''
  // A port taken between the check and the start (another test) is tried again with another.
  for (let attempt = 0; !child; attempt++) {
    port = await freePort()
    await writeFile(join(root, 'etc', 'cupsd.conf'), cupsdConf(port))
    output = ''
    const started = spawn(
      CUPSD,
      ['-f', '-c', join(root, 'etc', 'cupsd.conf'), '-s', join(root, 'etc', 'cups-files.conf')],
      { stdio: ['ignore', 'pipe', 'pipe'] }
    )
    started.stdout!.on('data', (d) => (output += String(d)))
    started.stderr!.on('data', (d) => (output += String(d)))
    let ready = false
    for (let i = 0; i < 100 && started.exitCode === null; i++) {
      if (await answers(port)) {
        ready = true
        break
      }
      await sleep(100)
    }
    if (ready) {
      child = started
      break
    }
    await stopChild(started)
    const log = await readFile(join(root, 'log', 'error_log'), 'utf8').catch(() => '')
    if (attempt < 2 && /bind|address/i.test(log + output)) continue
    await dir.remove()
    throw new Error(`cupsd did not start on 127.0.0.1:${port}: ${output}${log.slice(-2000)}`)
  }

  const server = `127.0.0.1:${port}`
  // Every CUPS command of the test goes to this server, never the system's.
  const env = { ...process.env, CUPS_SERVER: server }
  const stop = async () => {
    await stopChild(child)
    await dir.remove()
  }
  try {
    for (const q of queues) {
      // CUPS (2.4.2-3+deb12u10 on) opens a file: device without O_CREAT: the file must exist already.
      await writeFile(join(root, 'device', q.name), '')
      await run('lpadmin', ['-p', q.name, '-E', '-v', `file://${join(root, 'device', q.name)}`, '-m', q.model], env)
    }
  } catch (err) {
    await stop()
    throw err
  }

  const url = (queue: string) => `ipp://${server}/printers/${encodeURIComponent(queue)}`
  return {
    server,
    url,
    ppd: (queue) => readFile(join(root, 'etc', 'ppd', `${queue}.ppd`), 'utf8'),
    async takeDeviceOutput(queue) {
      const path = join(root, 'device', queue)
      const bytes = await readFile(path).catch(() => null)
      // Emptied, not removed: CUPS writes only to a device file that exists.
      await writeFile(path, '')
      return bytes?.length ? bytes : null
    },
    breakDevice: (queue) => rm(join(root, 'device', queue), { force: true }),
    mendDevice: (queue) => writeFile(join(root, 'device', queue), ''),
    run: (command, args) => run(command, args, env),
    async job(queue, jobId) {
      const out = await run('ipptool', ['-tv', '-d', `job_id=${jobId}`, url(queue), join(root, 'get-job.test')], env)
      return {
        state: out.match(/^\s*job-state \(enum\) = (\S+)/m)?.[1] ?? 'unknown',
        // A keyword, or a name where the client sent it as one.
        media: out.match(/^\s*media \([^)]*\) = (\S+)/m)?.[1]
      }
    },
    async jobIds(queue) {
      const out = await run('lpstat', ['-W', 'all', '-o', queue], env)
      return [...out.matchAll(new RegExp(`^${queue}-(\\d+)\\s`, 'gm'))].map((m) => Number(m[1]))
    },
    log: () => readFile(join(root, 'log', 'error_log'), 'utf8').catch(() => ''),
    stop
  }
}
