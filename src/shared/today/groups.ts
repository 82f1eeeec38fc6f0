/**
 * Today's groups, plain (no zod): the renderer imports these, while the view's schemas
 * (./schemas.ts) are for main and the contract. A screen that imported the schemas would load all
 * of zod before its first paint (test/packaging/renderer-first-paint.test.ts).
 */

/** Today's groups, in the order the screen shows them, from the console's visitor status. */
export const todayGroups = ['expected', 'here', 'left', 'no-show', 'cancelled'] as const
export type TodayGroup = (typeof todayGroups)[number]
