/** Socket error codes in words: a person at the desk reads these, not an engineer. */
export const networkReasons: Record<string, string> = {
  ECONNREFUSED: 'nothing answers at that address (connection refused)',
  ECONNRESET: 'the connection was cut before the console answered',
  EHOSTUNREACH: 'there is no route to it from this computer',
  ENETUNREACH: 'this computer has no network route to it',
  ENOTFOUND: 'the name does not resolve to an address',
  EAI_AGAIN: 'the name could not be looked up right now',
  ETIMEDOUT: 'the connection timed out',
  EPIPE: 'the connection was cut before the console answered'
}
