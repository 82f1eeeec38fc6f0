import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { promisify } from 'node:util'
import { X509Certificate } from 'node:crypto'
import { createServer as createHttpsServer } from 'node:https'
import ipp from 'ipp'
import { existsSync, readFileSync } from 'node:fs'
import { chmod, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { connect, createServer } from 'node:net'
import { join } from 'node:path'
import { takeDirectoryLock } from './pcscd'
import { tempDir } from './temp'

/**
 * A real IPP Everywhere printer on loopback: CUPS's `ippeveprinter` (Debian's cups-ipp-utils), which
 * accepts jobs, reports printer and job states, and keeps each job's document in its spool folder
 * (`-k`). It needs DNS-SD to start even with advertising off (`-r off`), so dbus and avahi are started
 * first when they are not running, and then stopped by this helper only (by pid) — see
 * ../shared/docs/printing-test-stack.md. Missing packages fail loudly: .ci/run installs them.
 *
 * The printer's behaviour is set by the command it runs per job (`-c`): ippeveprinter reads the
 * command's "STATE: +reason" lines as printer-state-reasons and aborts a job whose command fails.
 */
export type PrinterBehaviour =
  /** Every job completes. */
  | 'prints'
  /** Every job is aborted, and the printer says media-empty (out of labels). */
  | 'out-of-media'
  /** A job stays "processing" for ever (a printer that took the job and never finished it). */
  | 'never-completes'
  /** Every job is aborted with no printer reason: the job's own (aborted-by-system) says why. */
  | 'aborts'

const IPPEVEPRINTER = '/usr/sbin/ippeveprinter'
const DBUS_DAEMON = '/usr/bin/dbus-daemon'
const AVAHI_DAEMON = '/usr/sbin/avahi-daemon'
const DBUS_SOCKET = '/run/dbus/system_bus_socket'

export function assertIppStackInstalled(): void {
  const missing = [IPPEVEPRINTER, DBUS_DAEMON, AVAHI_DAEMON, '/usr/bin/ipptool'].filter((p) => !existsSync(p))
  if (missing.length) {
    throw new Error(
      `The IPP test stack is not installed (missing ${missing.join(', ')}). Install it as root: ` +
        'apt-get install -y cups-ipp-utils avahi-daemon dbus (.ci/run does).'
    )
  }
}

const run = promisify(execFile)
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

function answers(target: { path: string } | { port: number; host: string }): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect(target as { path: string })
    s.once('connect', () => {
      s.destroy()
      resolve(true)
    })
    s.once('error', () => resolve(false))
  })
}

async function waitFor(what: string, ok: () => Promise<boolean> | boolean, child?: ChildProcess, log?: () => string) {
  for (let i = 0; i < 100; i++) {
    if (await ok()) return
    if (child && (child.exitCode !== null || child.signalCode !== null)) {
      throw new Error(`${what} exited before it was ready${log?.() ? `: ${log()}` : ''}`)
    }
    await sleep(100)
  }
  throw new Error(`${what} was not ready after 10 s${log?.() ? `: ${log()}` : ''}`)
}

function avahiRunning(): boolean {
  return spawnSync(AVAHI_DAEMON, ['--check'], { stdio: 'ignore' }).status === 0
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    const hard = setTimeout(() => child.kill('SIGKILL'), 3000)
    child.once('exit', () => {
      clearTimeout(hard)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

/** dbus and avahi, started here only when not running; `stop` ends only those started here. */
async function ensureDnsSd(): Promise<{ stop(): Promise<void> }> {
  const owned: ChildProcess[] = []
  if (!(await answers({ path: DBUS_SOCKET }))) {
    await mkdir('/run/dbus', { recursive: true })
    // A pid file left by a dbus that is gone stops a new one from starting.
    const pidFile = '/run/dbus/pid'
    if (existsSync(pidFile)) {
      const pid = Number(readFileSync(pidFile, 'utf8').trim())
      if (!pid || !existsSync(`/proc/${pid}`)) await rm(pidFile, { force: true })
    }
    const dbus = spawn(DBUS_DAEMON, ['--system', '--nofork', '--nopidfile'], { stdio: 'ignore' })
    owned.push(dbus)
    await waitFor('dbus-daemon', () => answers({ path: DBUS_SOCKET }), dbus)
  }
  if (!avahiRunning()) {
    let log = ''
    const avahi = spawn(AVAHI_DAEMON, ['--no-drop-root', '--no-rlimits', '--no-chroot'], {
      stdio: ['ignore', 'ignore', 'pipe']
    })
    avahi.stderr!.on('data', (d) => (log += String(d)))
    owned.push(avahi)
    await waitFor(
      'avahi-daemon',
      () => avahiRunning(),
      avahi,
      () => log
    )
  }
  return {
    // avahi before dbus: the reverse of their start.
    stop: async () => {
      for (const child of owned.reverse()) await stopChild(child)
    }
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, 'localhost', () => {
      const address = server.address()
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))
      )
    })
  })
}

/** The per-job command of each behaviour: reads the document, says its state, exits as the printer would. */
const commands: Record<PrinterBehaviour, string> = {
  // Without a command ippeveprinter imitates a slow engine (seconds per page): a command that reads the
  // document and succeeds makes the job complete as soon as it is received.
  prints: ['#!/bin/sh', 'cat > /dev/null', 'exit 0'].join('\n'),
  'out-of-media': ['#!/bin/sh', 'echo "STATE: +media-empty-error" >&2', 'cat > /dev/null', 'exit 1'].join('\n'),
  // Waits as long as the printer runs (its parent): never left behind when the printer is stopped.
  'never-completes': ['#!/bin/sh', 'cat > /dev/null', 'while kill -0 $PPID 2>/dev/null; do sleep 0.2; done'].join('\n'),
  aborts: ['#!/bin/sh', 'cat > /dev/null', 'exit 1'].join('\n')
}

export interface IppPrinter {
  /** ipp://localhost:<port>/ipp/print */
  url: string
  /** ipps://localhost:<port>/ipp/print, when started with `tls`. */
  ippsUrl?: string
  port: number
  /** Where the printer keeps each job's document: "<job-id>-<name>.pdf". */
  spool: string
  /** The documents received so far, oldest first (the job id starts each name). */
  documents(): Promise<{ jobId: number; path: string }[]>
  /** The printer's log (stderr): why it refused or aborted a job. */
  log(): string
  stop(): Promise<void>
}

export interface StartOptions {
  behaviour?: PrinterBehaviour
  /**
   * What it takes: 'labels' (default) the four badge stocks (Brother DK-11202, DYMO 30256, 4 × 3 in, A6),
   * set by an attribute file (-a); 'office' ippeveprinter's own (Letter, A4…), which refuses a label.
   */
  media?: 'labels' | 'office'
  name?: string
  /**
   * Also IPPS on the same port (ippeveprinter -K: its own self-signed certificate, made at the first
   * TLS connection in a key folder of its own). Started again with `port` of a stopped one, it is
   * the same printer with a new certificate (a printer reset, or a machine answering in its place).
   */
  tls?: boolean
  /** A port of its own choosing (that of a stopped printer); a free one otherwise. */
  port?: number
  /** Announce it over DNS-SD (avahi: _ipp._tcp, and _ipps._tcp with `tls`), as a printer on a network does. */
  announce?: boolean
}

/** The label printer's attributes (ippeveprinter -a, ipptool's ATTR syntax); -a replaces -f. */
const LABEL_ATTRIBUTES = [
  'ATTR mimeMediaType document-format-supported application/pdf,application/octet-stream',
  'ATTR mimeMediaType document-format-default application/octet-stream',
  'ATTR keyword media-supported oe_dk-11202_62x100mm,oe_30256_59x102mm,oe_badge-4x3_4x3in,iso_a6_105x148mm',
  'ATTR keyword media-default oe_dk-11202_62x100mm',
  'ATTR keyword media-ready oe_dk-11202_62x100mm'
].join('\n')

export interface IppPrinterStack {
  start(options?: StartOptions): Promise<IppPrinter>
  /** Every printer started, then dbus and avahi if started here. */
  stop(): Promise<void>
}

/** The machine-wide lock of the printer stack, and how long a test file waits for it (hooks allow 180 s). */
const STACK_LOCK = '/tmp/access-desk-ipp-stack.lock'
export const STACK_LOCK_WAIT_MS = 150_000
export const IPP_STACK_HOOK_MS = 180_000

/**
 * dbus + avahi (if needed), then as many printers as a test starts, each on its own free loopback
 * port with its own spool folder. One test file holds the stack at a time (a lock directory, taken over
 * from a holder that is gone); run by hand, tests that start printers also go under
 * `flock /tmp/access-desk-ipp.lock`.
 */
export async function ippPrinterStack(): Promise<IppPrinterStack> {
  assertIppStackInstalled()
  // One user of dbus + avahi at a time (vitest runs test files in parallel): a file must never find
  // them half-started by another, nor see them stopped under its printers. Held until `stop`.
  await takeDirectoryLock(STACK_LOCK, STACK_LOCK_WAIT_MS)
  let dnsSd: { stop(): Promise<void> }
  try {
    dnsSd = await ensureDnsSd()
  } catch (err) {
    await rm(STACK_LOCK, { recursive: true, force: true })
    throw err
  }
  const printers: IppPrinter[] = []
  const dirs: { remove(): Promise<void> }[] = []

  async function start(options: StartOptions = {}): Promise<IppPrinter> {
    const behaviour = options.behaviour ?? 'prints'
    const dir = await tempDir('access-desk-ipp-')
    dirs.push(dir)
    const spool = join(dir.path, 'spool')
    await mkdir(spool)
    const args = ['-n', 'localhost', '-d', spool, '-k', ...(options.announce ? [] : ['-r', 'off'])]
    if (options.tls) {
      const keys = join(dir.path, 'keys')
      await mkdir(keys)
      args.push('-K', keys)
    }
    if ((options.media ?? 'labels') === 'labels') {
      const attributes = join(dir.path, 'labels.conf')
      await writeFile(attributes, LABEL_ATTRIBUTES + '\n')
      args.push('-a', attributes)
    } else {
      args.push('-f', 'application/pdf')
    }
    const script = join(dir.path, `${behaviour}.sh`)
    await writeFile(script, commands[behaviour] + '\n')
    await chmod(script, 0o755)
    args.push('-c', script)
    // A port taken between the check and the start (another test) is tried again with another.
    for (let attempt = 0; ; attempt++) {
      const port = options.port ?? (await freePort())
      let log = ''
      const child = spawn(IPPEVEPRINTER, [...args, '-p', String(port), options.name ?? 'Badge printer'], {
        stdio: ['ignore', 'ignore', 'pipe']
      })
      child.stderr!.on('data', (d) => (log += String(d)))
      try {
        await waitFor(
          'ippeveprinter',
          () => answers({ port, host: 'localhost' }),
          child,
          () => log
        )
      } catch (err) {
        await stopChild(child)
        if (attempt < 2 && options.port === undefined && /listener|address/i.test(log)) continue
        throw err
      }
      const printer: IppPrinter = {
        url: `ipp://localhost:${port}/ipp/print`,
        ...(options.tls ? { ippsUrl: `ipps://localhost:${port}/ipp/print` } : {}),
        port,
        spool,
        async documents() {
          const names = (await readdir(spool)).filter((n) => n.endsWith('.pdf'))
          return names
            .map((n) => ({ jobId: Number(n.split('-')[0]), path: join(spool, n) }))
            .sort((a, b) => a.jobId - b.jobId)
        },
        log: () => log,
        stop: () => stopChild(child)
      }
      printers.push(printer)
      return printer
    }
  }

  return {
    start,
    async stop() {
      try {
        await Promise.all(printers.map((p) => p.stop()))
        await dnsSd.stop()
        await Promise.all(dirs.map((d) => d.remove()))
      } finally {
        await rm(STACK_LOCK, { recursive: true, force: true })
      }
    }
  }
}

/** A document the printer kept, as bytes. */
export function readDocument(path: string): Promise<Buffer> {
  return readFile(path)
}

/**
 * An ipps:// printer on loopback: a node `https` server with its own self-signed certificate that
 * answers IPP (the `ipp` package) as an idle label printer whose jobs complete at once. It keeps every
 * operation and document it received, so a test can say that a printer received nothing. Started on
 * the `port` of another (stopped) one, it is an impostor at the same address with another certificate.
 * No dbus, avahi or lock: any number of tests may run one.
 */
export interface TlsIppPrinter {
  /** ipps://127.0.0.1:<port>/ipp/print */
  url: string
  port: number
  /** The SHA-256 fingerprint of its certificate, as Node writes it (AA:BB:…). */
  fingerprint256: string
  /** The IPP operations received, in order. */
  operations: string[]
  /** The documents of the Print-Jobs received. */
  documents: Buffer[]
  stop(): Promise<void>
}

/**
 * A self-signed P-256 certificate made by the real `openssl` (not selfsigned: its WebCrypto refuses the
 * buffers of a jsdom test's realm, and the renderer tests start these printers too).
 */
async function selfSignedCertificate(name: string): Promise<{ private: string; cert: string }> {
  const dir = await tempDir('access-desk-tls-')
  try {
    const key = join(dir.path, 'key.pem')
    const cert = join(dir.path, 'cert.pem')
    const subject = `/CN=${name.replace(/[/=\\]/g, ' ')}`
    const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes']
    await run('openssl', ['req', '-x509', ...ec, '-keyout', key, '-out', cert, '-days', '30', '-subj', subject])
    return { private: await readFile(key, 'utf8'), cert: await readFile(cert, 'utf8') }
  } finally {
    await dir.remove()
  }
}

export async function tlsIppPrinter(options: { port?: number; name?: string } = {}): Promise<TlsIppPrinter> {
  const pems = await selfSignedCertificate(options.name ?? 'Badge printer')
  const operations: string[] = []
  const documents: Buffer[] = []
  let jobs = 0
  const server = createHttpsServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const request = ipp.parse(Buffer.concat(chunks))
      const operation = String(request.operation)
      operations.push(operation)
      const answer: Record<string, unknown> = {
        version: '2.0',
        statusCode: 'successful-ok',
        id: request.id,
        'operation-attributes-tag': { 'attributes-charset': 'utf-8', 'attributes-natural-language': 'en' }
      }
      if (operation === 'Get-Printer-Attributes') {
        answer['printer-attributes-tag'] = {
          'printer-state': 'idle',
          'printer-state-reasons': 'none',
          'document-format-supported': ['application/pdf', 'application/octet-stream'],
          'media-supported': ['oe_dk-11202_62x100mm', 'oe_30256_59x102mm', 'oe_badge-4x3_4x3in', 'iso_a6_105x148mm']
        }
      } else if (operation === 'Print-Job') {
        const data = request.data as Buffer | string | undefined
        documents.push(Buffer.isBuffer(data) ? data : Buffer.from(data ?? '', 'binary'))
        answer['job-attributes-tag'] = { 'job-id': ++jobs, 'job-state': 'completed' }
      } else if (operation === 'Get-Job-Attributes') {
        answer['job-attributes-tag'] = { 'job-id': jobs, 'job-state': 'completed' }
      } else {
        answer.statusCode = 'server-error-operation-not-supported'
      }
      const body = ipp.serialize(answer)
      res.writeHead(200, { 'Content-Type': 'application/ipp', 'Content-Length': body.length }).end(body)
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  const port = (server.address() as { port: number }).port
  return {
    url: `ipps://127.0.0.1:${port}/ipp/print`,
    port,
    fingerprint256: new X509Certificate(pems.cert).fingerprint256,
    operations,
    documents,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      })
  }
}
