/**
 * A row's own message list when it has none: shared and frozen (no allocation per row). A row's own
 * list is never this one, so identity tells "no repairs of its own".
 */
export const NO_MESSAGES = Object.freeze([]) as unknown as string[]
