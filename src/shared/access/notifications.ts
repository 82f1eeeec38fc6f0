import { z } from 'zod'

// The socket itself (path, key, version) is plain, in its own module: the permission table imports it without zod.
export { notificationsSocket } from './notifications-socket'

/** The webhook event of a visitor's status change (reference: Access 3.3.10+). */
export const VISITOR_STATUS_CHANGED = 'access.visitor.status.changed'

/**
 * One message as documented: `{event, receiver_id, event_object_id, save_to_history, data}`. Only
 * `event` and `event_object_id` are relied on: the payload of a visitor event is not documented, so
 * the app re-reads the visitor list rather than trusting a status inside `data`.
 */
export const notificationSchema = z.object({
  event: z.string(),
  receiver_id: z.string().optional(),
  event_object_id: z.string().optional(),
  save_to_history: z.boolean().optional(),
  data: z.unknown().optional()
})
export type Notification = z.infer<typeof notificationSchema>

/** Events that can change who is expected, here or gone today. */
export function isVisitorEvent(event: string): boolean {
  return event.startsWith('access.visitor.')
}
