/**
 * A failure the demo console answers as a real console would: an HTTP status and an official
 * `CODE_*` (facts 1.6). State code throws it; the server's error handler turns it into `{code, msg}`.
 */
export class DemoError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string
  ) {
    super(message)
  }
}

export const invalid = (msg: string) => new DemoError(400, 'CODE_PARAMS_INVALID', msg)
export const notFound = (msg: string) => new DemoError(404, 'CODE_RESOURCE_NOT_FOUND', msg)
export const forbidden = (msg: string) => new DemoError(400, 'CODE_OPERATION_FORBIDDEN', msg)
