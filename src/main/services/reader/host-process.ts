/** A child process as the services see it: Electron's utilityProcess or Node's fork. */
export interface HostProcess {
  send(message: unknown): void
  onMessage(listener: (message: unknown) => void): void
  onExit(listener: (code: number | null) => void): void
  kill(): void
  readonly pid: number | undefined
}

/** Starts a host module (e.g. the reader host) in its own process. */
export type ForkHost = (name: 'reader-host', args?: string[]) => HostProcess
