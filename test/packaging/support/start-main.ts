import { fork, type ChildProcess } from 'node:child_process'
import { cp, mkdir, readdir, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

const standIn = fileURLToPath(new URL('./electron-stand-in', import.meta.url))

export type Report = { type: string; [key: string]: unknown }

/**
 * An app directory where the built main bundle runs under Node: a copy of `out/`, and a node_modules
 * whose `electron` is the stand-in and whose other packages are links to `modules` (the project's, or an
 * extracted archive's). Node runs with --preserve-symlinks so that electron-store, linked, finds the
 * stand-in too.
 */
export async function layOutApp(dir: string, out: string, modules: string): Promise<string> {
  await cp(out, join(dir, 'out'), { recursive: true })
  await writeFile(join(dir, 'package.json'), JSON.stringify({ name: 'access-desk', type: 'module' }))
  await mkdir(join(dir, 'node_modules'))
  for (const name of await readdir(modules)) {
    if (name === 'electron' || name.startsWith('.')) continue
    await symlink(join(modules, name), join(dir, 'node_modules', name), 'dir')
  }
  await cp(standIn, join(dir, 'node_modules', 'electron'), { recursive: true })
  return dir
}

/** A running main process and what it reported so far. */
export interface MainProcess {
  child: ChildProcess
  reports: Report[]
  stderr: () => string
  next(type: string, timeoutMs?: number, where?: (r: Report) => boolean): Promise<Report>
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

/** `locale`: the system's, as the stand-in's app.getLocale() answers it. */
export function startMain(appDir: string, userData: string, locale = 'en-US'): MainProcess {
  const child = fork(join(appDir, 'out/main/index.js'), [], {
    cwd: appDir,
    execArgv: ['--preserve-symlinks', '--preserve-symlinks-main'],
    env: {
      PATH: process.env['PATH'] ?? '',
      HOME: userData,
      ACCESS_DESK_STAND_IN_USER_DATA: userData,
      ACCESS_DESK_STAND_IN_LOCALE: locale
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc']
  })
  const reports: Report[] = []
  const waiters: { type: string; where: (r: Report) => boolean; resolve: (r: Report) => void }[] = []
  let err = ''
  child.stderr?.on('data', (d: Buffer) => (err += d.toString()))
  child.stdout?.resume()
  child.on('message', (m: Report) => {
    reports.push(m)
    for (const w of [...waiters])
      if (w.type === m.type && w.where(m)) {
        waiters.splice(waiters.indexOf(w), 1)
        w.resolve(m)
      }
  })
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal }))
  )
  return {
    child,
    reports,
    stderr: () => err,
    exited,
    next(type, timeoutMs = 20_000, where = () => true) {
      const seen = reports.find((r) => r.type === type && where(r))
      if (seen) return Promise.resolve(seen)
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no "${type}" report within ${timeoutMs} ms; stderr:\n${err}`)),
          timeoutMs
        )
        waiters.push({
          type,
          where,
          resolve: (r) => {
            clearTimeout(timer)
            resolve(r)
          }
        })
        void exited.then(() => reject(new Error(`main exited before "${type}"; stderr:\n${err}`)))
      })
    }
  }
}
