/**
 * The one error model of the app. Services throw AppError; every transport (Electron IPC, the web
 * bridge, the CLI) carries it as plain data, so the renderer can show `message` and `hint` without
 * ever seeing a stack.
 */
export const errorKinds = [
  'network',
  'tls',
  'auth',
  'permission',
  'unsupported',
  'validation',
  'conflict',
  'not-found',
  'rate-limited',
  'server',
  'reader',
  'storage',
  'cancelled'
] as const

export type ErrorKind = (typeof errorKinds)[number]

/**
 * An error as plain data, as every transport carries it. Written out here rather than inferred from a
 * schema so that this module loads no zod: the kiosk and the desk's shell import it and stay small
 * (bench/bundle-size.bench.ts). `error-data-schema.ts` parses it at the boundaries, and a type test
 * holds the two to one shape.
 */
export interface AppErrorData {
  kind: ErrorKind
  code?: string
  message: string
  hint?: string
  retryable: boolean
  /** Extra facts a screen may use (a fingerprint to show, a field that failed, a retry delay). */
  details?: Record<string, unknown>
}

export class AppError extends Error {
  readonly kind: ErrorKind
  readonly code?: string
  readonly hint?: string
  readonly retryable: boolean
  readonly details?: Record<string, unknown>

  constructor(data: Omit<AppErrorData, 'retryable'> & { retryable?: boolean }) {
    super(data.message)
    this.name = 'AppError'
    this.kind = data.kind
    this.code = data.code
    this.hint = data.hint
    this.retryable = data.retryable ?? false
    this.details = data.details
  }

  toData(): AppErrorData {
    const data: AppErrorData = { kind: this.kind, message: this.message, retryable: this.retryable }
    if (this.code !== undefined) data.code = this.code
    if (this.hint !== undefined) data.hint = this.hint
    if (this.details !== undefined) data.details = this.details
    return data
  }

  static fromData(data: AppErrorData): AppError {
    return new AppError(data)
  }

  /** Anything thrown becomes an AppError; unknown errors keep only their message (no stack). */
  static from(err: unknown): AppError {
    if (err instanceof AppError) return err
    if (isAppErrorData(err)) return new AppError(err)
    const message = err instanceof Error ? err.message : String(err)
    return new AppError({ kind: 'server', message: `Unexpected error: ${message}` })
  }
}

/** The shape check of `AppError.from` (the zod schema in error-data-schema.ts says the same at the boundaries). */
function isAppErrorData(value: unknown): value is AppErrorData {
  if (typeof value !== 'object' || value === null) return false
  const v = value as Record<string, unknown>
  const optionalString = (x: unknown) => x === undefined || typeof x === 'string'
  return (
    typeof v['kind'] === 'string' &&
    (errorKinds as readonly string[]).includes(v['kind']) &&
    typeof v['message'] === 'string' &&
    typeof v['retryable'] === 'boolean' &&
    optionalString(v['code']) &&
    optionalString(v['hint']) &&
    (v['details'] === undefined ||
      (typeof v['details'] === 'object' && v['details'] !== null && !Array.isArray(v['details'])))
  )
}
