import { z } from 'zod'
import { errorKinds, type AppErrorData } from './errors'

/** An AppError as plain data, parsed where it crosses a boundary (IPC envelopes, roster and enrollment views). */
export const appErrorDataSchema = z.object({
  kind: z.enum(errorKinds),
  code: z.string().optional(),
  message: z.string(),
  hint: z.string().optional(),
  retryable: z.boolean(),
  details: z.record(z.string(), z.unknown()).optional()
})

// The schema and the hand-written type in errors.ts are one shape (a compile error if they drift).
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
const sameShape: Same<z.infer<typeof appErrorDataSchema>, AppErrorData> = true
void sameShape
