import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { ensureBuilt } from '../../scripts/ensure-built.mjs'

export const root = fileURLToPath(new URL('../..', import.meta.url))

/** out/ built from the sources as they are, said in one line (a build here is not timed). */
export function builtNow(): void {
  const status = ensureBuilt(root, (line: string) => console.log(line))
  if (status !== 0) throw new Error(`the build failed (exit ${status})`)
}

/**
 * Run a command (in its own process group) until it prints a line `ready` accepts or exits; the
 * wall time from spawn to then, and what it printed. The whole group is stopped afterwards.
 */
export function timeUntil(
  command: string,
  args: string[],
  ready: (line: string) => boolean = () => false
): Promise<{ ms: number; out: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const child = spawn(command, args, { cwd: root, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let done = false
    const finish = (code: number | null) => {
      if (done) return
      done = true
      const ms = performance.now() - started
      if (child.exitCode !== null || child.signalCode !== null) return resolve({ ms, out, code })
      // Ready: stopped, and awaited, so that the next start neither shares the CPU with this one's shutdown nor
      // waits for its data folder's lock, and the folder can be removed after (a child still writing made that fail).
      const kill = (signal: NodeJS.Signals) => {
        try {
          process.kill(-child.pid!, signal)
        } catch {
          // Already gone.
        }
      }
      const hard = setTimeout(() => kill('SIGKILL'), 10_000)
      child.once('close', () => {
        clearTimeout(hard)
        resolve({ ms, out, code })
      })
      kill('SIGTERM')
    }
    child.stdout.on('data', (d: Buffer) => {
      out += String(d)
      if (out.split('\n').some(ready)) finish(null)
    })
    child.stderr.on('data', (d: Buffer) => (out += String(d)))
    child.on('error', reject)
    child.on('close', (code) => finish(code))
  })
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
export const ms = (n: number) => `${n.toFixed(0)} ms`
