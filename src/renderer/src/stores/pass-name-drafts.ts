import type { TouchPass } from '../../../shared/access/touch-passes'
import { RecordDrafts } from '../lib/record-drafts.svelte'

/** Touch Pass names typed and not saved on passes the person left (lib/record-drafts). */
export const passNameDrafts = new RecordDrafts<TouchPass>('touch pass name')
