import type { ForkHost, HostProcess } from '../../src/main/services/reader/host-process'

/** A host process under the test's control: what it says, and when it dies. */
export class ScriptedHost implements HostProcess {
  readonly pid = Math.floor(Math.random() * 1e6)
  readonly sent: unknown[] = []
  private messageListeners: ((m: unknown) => void)[] = []
  private exitListeners: ((code: number | null) => void)[] = []
  killed = false
  send(message: unknown) {
    this.sent.push(message)
    if ((message as { type?: string }).type === 'stop') this.exit(0)
  }
  onMessage(listener: (m: unknown) => void) {
    this.messageListeners.push(listener)
  }
  onExit(listener: (code: number | null) => void) {
    this.exitListeners.push(listener)
  }
  kill() {
    this.killed = true
    this.exit(null)
  }
  say(message: unknown) {
    for (const l of this.messageListeners) l(message)
  }
  exit(code: number | null) {
    for (const l of this.exitListeners) l(code)
  }
}

export function scripted() {
  const hosts: ScriptedHost[] = []
  const forkHost: ForkHost = () => {
    const host = new ScriptedHost()
    hosts.push(host)
    return host
  }
  return { hosts, forkHost }
}
