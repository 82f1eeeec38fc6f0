import { z } from 'zod'

/** Where one roster step stands; its own file so the PIN standing (pin-standing.ts) reads it without importing run.ts. */
export const stepStateSchema = z.enum(['planned', 'sending', 'done', 'failed', 'unknown', 'skipped'])
export type StepState = z.infer<typeof stepStateSchema>
