import { z } from 'zod'

/**
 * What wrote to the console's cards outside Cards, as `cards.stale` names it: a fact, worded by the
 * Cards screen in the desk's language (cards catalogue `staleWhat.<writer>`), never main's English.
 */
export const cardWriterSchema = z.enum([
  'importUpload',
  'importCheck',
  'enrollAssign',
  'visitorCard',
  'visitorCardBack',
  'enrollment',
  'rosterEnrollment',
  'rosterRun'
])
export type CardWriter = z.infer<typeof cardWriterSchema>
