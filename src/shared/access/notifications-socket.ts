import type { PermissionKey } from './endpoints'

/**
 * The console's notifications WebSocket (reference "Fetch Notifications [WebSocket]"): a GET upgraded
 * on the API port, bearer token, `view:device`, Access 1.20.11+. Kept out of `endpoints` (the HTTP
 * table every HTTP test walks): it is not a request with an envelope answer. Plain (no zod): the
 * permission table (./permissions.ts), which every screen reads, names its key; ./notifications.ts
 * re-exports it with the message schema.
 */
export const notificationsSocket = {
  path: '/devices/notifications',
  permission: 'view:device' satisfies PermissionKey,
  minVersion: '1.20.11'
} as const
