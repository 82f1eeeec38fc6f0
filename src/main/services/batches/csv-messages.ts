/** Messages the CSV preview shares between rows. */
export const CRLF_MESSAGE = 'Windows line ending (CRLF) replaced by LF'
// Shared (frozen) message lists for the common cases: no allocation per row. A row's own list is
// never one of these, so identity tells "no repairs of its own".
export const NO_MESSAGES = Object.freeze([]) as unknown as string[]
export const CRLF_ONLY = Object.freeze([CRLF_MESSAGE]) as unknown as string[]
