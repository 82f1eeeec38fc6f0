import type { ErrorKind } from '../errors'

/**
 * The console's error codes (facts 1.6) that the app treats specially, with the kind of AppError
 * they become and words for the user. Codes not listed keep the console's own `msg`.
 */
export const consoleErrorCodes: Record<
  string,
  {
    kind: ErrorKind
    message: string
    hint?: string
    /** The console's own `msg` says what exactly was refused: show it after ours. */
    withConsoleMsg?: boolean
  }
> = {
  CODE_PARAMS_INVALID: {
    kind: 'validation',
    message: 'The console rejected the request as invalid.',
    withConsoleMsg: true
  },
  CODE_SYSTEM_ERROR: {
    kind: 'server',
    message: 'The console reported an internal error.',
    hint: 'Try again in a moment.'
  },
  CODE_RESOURCE_NOT_FOUND: { kind: 'not-found', message: 'The console has no such item.' },
  CODE_NOT_EXISTS: { kind: 'not-found', message: 'The console has no such item.' },
  // A rule of the console (a pass in the wrong state, a user who already holds one), not a
  // missing scope: the scope case is HTTP 403 / CODE_UNAUTHORIZED.
  CODE_OPERATION_FORBIDDEN: {
    kind: 'conflict',
    message: 'The console does not allow this operation.',
    withConsoleMsg: true
  },
  CODE_AUTH_FAILED: { kind: 'auth', message: 'The console refused the API token.' },
  CODE_ACCESS_TOKEN_INVALID: { kind: 'auth', message: 'The API token is not valid (expired or deleted?).' },
  CODE_UNAUTHORIZED: { kind: 'permission', message: 'The API token may not perform this action.' },
  CODE_USER_ACCOUNT_NOT_EXIST: { kind: 'not-found', message: 'No such user account.' },
  CODE_USER_WORKER_NOT_EXISTS: { kind: 'not-found', message: 'No such user.' },
  CODE_CREDS_NFC_HAS_BIND_USER: {
    kind: 'conflict',
    message: 'This card already belongs to someone else.',
    hint: 'Unassign it first, or assign again with "take over" to move it.'
  },
  CODE_CREDS_DISABLE_TRANSFER_UID_USER_NFC: {
    kind: 'conflict',
    message: 'A card owned by an Identity Enterprise user cannot be transferred.'
  },
  CODE_CREDS_NFC_READ_SESSION_NOT_FOUND: {
    kind: 'not-found',
    message: 'The enrollment session is gone (cancelled or expired).',
    hint: 'Start a new enrollment.'
  },
  CODE_CREDS_NFC_READ_POLL_TOKEN_EMPTY: { kind: 'not-found', message: 'No card has been presented yet.' },
  CODE_CREDS_NFC_CARD_IS_PROVISION: {
    kind: 'conflict',
    message: 'This card is enrolled at another site.',
    hint: 'Enroll again with "reset card" to take it over; it stops working at the other site.'
  },
  CODE_CREDS_NFC_CARD_PROVISION_FAILED: {
    kind: 'reader',
    message: 'The card was not read completely.',
    hint: 'Hold the card on the reader for more than 5 seconds.'
  },
  CODE_CREDS_NFC_CARD_INVALID: {
    kind: 'unsupported',
    message: 'This card type is not supported by the reader.',
    hint: 'Enrollment on a networked reader needs a UA Card; import third-party cards by their NFC ID instead.'
  },
  CODE_CREDS_NFC_CARD_CANNOT_BE_DELETE: { kind: 'conflict', message: 'The console refuses to delete this card.' },
  CODE_CREDS_PIN_CODE_CREDS_ALREADY_EXIST: {
    kind: 'conflict',
    message: 'This PIN is already in use.',
    hint: 'Generate a new PIN and assign that one.'
  },
  CODE_CREDS_PIN_CODE_CREDS_LENGTH_INVALID: {
    kind: 'validation',
    message: "The PIN's length breaks the console's PIN rule.",
    hint: 'Generate a PIN on the console instead of typing one.'
  },
  CODE_DEVICE_DEVICE_VERSION_TOO_OLD: {
    kind: 'unsupported',
    message: "The reader's firmware is too old.",
    hint: 'Update the reader in the Access app.'
  },
  CODE_DEVICE_DEVICE_BUSY: { kind: 'conflict', message: 'The reader is busy.', hint: 'Wait a moment and try again.' },
  CODE_DEVICE_DEVICE_NOT_FOUND: { kind: 'not-found', message: 'The console has no such device.' },
  CODE_DEVICE_DEVICE_OFFLINE: {
    kind: 'network',
    message: 'The reader is offline.',
    hint: 'Check its network cable or PoE, or choose another reader.'
  },
  CODE_DEVICE_API_NOT_SUPPORTED: { kind: 'unsupported', message: 'This device does not support the operation.' },
  CODE_OTHERS_UID_ADOPTED_NOT_SUPPORTED: {
    kind: 'unsupported',
    message: 'The developer API is unavailable on consoles running Identity Enterprise.'
  }
}
