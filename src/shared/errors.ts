import { z } from 'zod'

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

export const appErrorDataSchema = z.object({
  kind: z.enum(errorKinds),
  code: z.string().optional(),
  message: z.string(),
  hint: z.string().optional(),
  retryable: z.boolean(),
  /** Extra facts a screen may use (a fingerprint to show, a field that failed, a retry delay). */
  details: z.record(z.string(), z.unknown()).optional()
})

export type AppErrorData = z.infer<typeof appErrorDataSchema>

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
    const parsed = appErrorDataSchema.safeParse(err)
    if (parsed.success) return new AppError(parsed.data)
    const message = err instanceof Error ? err.message : String(err)
    return new AppError({ kind: 'server', message: `Unexpected error: ${message}` })
  }
}

export function isAppError(err: unknown): err is AppError {
  return err instanceof AppError
}
