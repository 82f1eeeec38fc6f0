import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { connect } from 'node:net'

/**
 * Starts the real pcscd (foreground) with vsmartcard's vpcd driver, and stops only that one.
 * Missing packages fail loudly: CI installs them, and a silently skipped reader suite proves
 * nothing.
 */
const PCSCD = '/usr/sbin/pcscd'
const VPCD_DRIVER = '/usr/lib/pcsc/drivers/serial/libifdvpcd.so'
const VPCD_CONF = '/etc/reader.conf.d/vpcd'
export const PCSCD_SOCKET = process.env['PCSCLITE_CSOCK_NAME'] ?? '/run/pcscd/pcscd.comm'

export function assertPcscStackInstalled(): void {
  const missing = [PCSCD, VPCD_DRIVER, VPCD_CONF].filter((p) => !existsSync(p))
  if (missing.length) {
    throw new Error(
      `The PC/SC test stack is not installed (missing ${missing.join(', ')}). Install it as root: ` +
        'apt-get install -y pcscd libpcsclite-dev vsmartcard-vpcd pcsc-tools (.ci/run does).'
    )
  }
}

function pcscdRunning(): number[] {
  const out = spawnSync('pgrep', ['-x', 'pcscd'], { encoding: 'utf8' })
  return out.stdout.split('\n').filter(Boolean).map(Number)
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Whether something listens on the TCP port, read from /proc: connecting would insert a card. */
function listening(port: number): boolean {
  const hexPort = port.toString(16).toUpperCase().padStart(4, '0')
  const table = ['/proc/net/tcp', '/proc/net/tcp6'].filter(existsSync).map((f) => readFileSync(f, 'utf8'))
  return table.some((t) =>
    t.split('\n').some((line) => {
      const cols = line.trim().split(/\s+/)
      return cols[1]?.endsWith(`:${hexPort}`) && cols[3] === '0A'
    })
  )
}

function socketAnswers(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect({ path })
    s.once('connect', () => {
      s.destroy()
      resolve(true)
    })
    s.once('error', () => resolve(false))
  })
}

/**
 * One pcscd per machine, and vitest may run test files of different projects at the same time:
 * every user of pcscd in this repository (reader tests, the Import end-to-end test, the reader
 * benchmark) takes this lock first. A directory is created atomically; a lock whose owner process
 * is gone is taken over.
 */
const LOCK_DIR = '/tmp/access-desk-pcscd.lock'

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

let heldHere = 0

/**
 * How long a pcscd user waits for another to finish: less than the pcsc project's hookTimeout
 * (vitest.config.ts, 60 s), leaving time to start pcscd, so a lock held too long fails the hook with a
 * message naming its holder, not with a bare "Hook timed out" (test/unit/support/pcscd-lock.test.ts).
 */
export const PCSCD_LOCK_WAIT_MS = 40_000

/** Take the machine-wide pcscd lock (re-entrant within this process); resolves to its release. */
export async function holdPcscdLock(timeoutMs = PCSCD_LOCK_WAIT_MS): Promise<() => Promise<void>> {
  if (heldHere === 0) await takeDirectoryLock(LOCK_DIR, timeoutMs)
  heldHere++
  let released = false
  return async () => {
    if (released) return
    released = true
    if (--heldHere === 0) await rm(LOCK_DIR, { recursive: true, force: true })
  }
}

/** The holder as `ps` would show it: pid and command line (from /proc; just the pid where it has none). */
function describeProcess(pid: number): string {
  try {
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ')
    return command ? `pid ${pid}: ${command}` : `pid ${pid}`
  } catch {
    return `pid ${pid}`
  }
}

/**
 * A lock held by a directory holding its owner's pid, made atomically by mkdir; a lock whose owner is
 * gone is taken over. Waits at most `timeoutMs`, then fails naming the holder.
 */
export async function takeDirectoryLock(dir: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    try {
      await mkdir(dir)
      await writeFile(`${dir}/pid`, String(process.pid))
      return
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
      const owner = Number(await readFile(`${dir}/pid`, 'utf8').catch(() => '0'))
      if (owner && !alive(owner)) {
        await rm(dir, { recursive: true, force: true })
        continue
      }
      if (Date.now() > deadline) {
        const holder = owner ? describeProcess(owner) : 'its holder is still writing its pid'
        throw new Error(
          `${dir} is still held after ${timeoutMs} ms (${holder}): another test or benchmark is using pcscd; ` +
            'wait for it to end, or stop that process if it hangs'
        )
      }
      await sleep(200)
    }
  }
}

export interface Pcscd {
  child: ChildProcess
  stop(): Promise<void>
}

export interface PcscdOptions {
  timeoutMs?: number
  /**
   * false: the service runs with no reader at all (an empty reader.conf.d), as on a desk where the
   * USB reader is unplugged. Default: vpcd's two virtual readers.
   */
  readers?: boolean
}

/** An empty reader configuration directory: pcscd then starts with no reader. */
const NO_READERS_CONF = '/tmp/access-desk-pcscd-no-readers'

/**
 * Start pcscd and wait until its socket answers (and vpcd listens, with readers). Refuses to start
 * when another pcscd runs (only one per machine, and it is not ours to stop).
 */
export async function startPcscd(options: number | PcscdOptions = {}): Promise<Pcscd> {
  const { timeoutMs = 15_000, readers = true } = typeof options === 'number' ? { timeoutMs: options } : options
  assertPcscStackInstalled()
  const release = await holdPcscdLock()
  try {
    const others = pcscdRunning()
    if (others.length) throw new Error(`another pcscd is running (pid ${others.join(', ')}): stop it first`)
    // The previous pcscd's virtual-reader ports may still be closing.
    const free = Date.now() + 10_000
    while ((listening(35963) || listening(35964)) && Date.now() < free) await sleep(100)
    // A port the previous pcscd closed can stay in TIME_WAIT for up to a minute; vpcd then cannot
    // bind it ("Address already in use"): try again until it is released.
    let child: ChildProcess | undefined
    const busyUntil = Date.now() + 75_000
    while (!child) {
      try {
        child = await spawnReady(timeoutMs, readers)
      } catch (err) {
        if (!/Address already in use/.test((err as Error).message) || Date.now() > busyUntil) throw err
        await sleep(2000)
      }
    }
    return {
      child,
      stop: async () => {
        await stopProcess(child)
        await release()
      }
    }
  } catch (err) {
    await release()
    throw err
  }
}

async function spawnReady(timeoutMs: number, readers: boolean): Promise<ChildProcess> {
  if (!readers) await mkdir(NO_READERS_CONF, { recursive: true })
  const args = readers ? ['-f', '-a'] : ['-f', '-c', NO_READERS_CONF]
  const child = spawn(PCSCD, args, { stdio: ['ignore', 'ignore', 'pipe'] })
  let log = ''
  child.stderr!.on('data', (d) => (log = (log + String(d)).slice(-4000)))
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (child.exitCode !== null) throw new Error(`pcscd exited with ${child.exitCode}: ${log}`)
    if ((await socketAnswers(PCSCD_SOCKET)) && (!readers || (listening(35963) && listening(35964)))) break
    if (Date.now() > deadline || /Address already in use/.test(log)) {
      await stopProcess(child, 'SIGKILL')
      throw new Error(`pcscd did not become ready in ${timeoutMs} ms: ${log}`)
    }
    await sleep(100)
  }
  return child
}

/** SIGTERM, then wait for the pid to be gone (pcscd takes 1–3 s); SIGKILL after 8 s. */
export function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve()
    const kill = setTimeout(() => child.kill('SIGKILL'), 8000)
    child.once('exit', () => {
      clearTimeout(kill)
      resolve()
    })
    child.kill(signal)
  })
}
