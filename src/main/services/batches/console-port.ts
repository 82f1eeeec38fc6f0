import type { AccessClient } from '../access/client'

/** What the batches need from the access client: import (E16) and the card list (E6) to explain failures. */
export type BatchConsole = { nfcCards: Pick<AccessClient['nfcCards'], 'importCsv' | 'all'> }
