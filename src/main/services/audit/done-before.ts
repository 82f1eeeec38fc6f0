import { endpoints } from '../../../shared/access/endpoints'
import { AppError } from '../../../shared/errors'
import type { KeptWrite } from './kept-write'

/** What a DONE_BEFORE of one kind of write says: its sentence (`said`, the catalogue's variant) and its facts. */
interface DoneWords {
  said: string
  values: Record<string, string | number>
  message: string
  hint: string
}

const EARLIER = "the earlier try's answer was lost, and reading the console back shows it was done. Not sent again."

/**
 * The writes whose DONE_BEFORE names what was done, by endpoint, from what the row's begin line kept
 * (kept-write.ts); undefined when the kept request does not give the facts. The catalogue says each
 * (`DONE_BEFORE.<said>` in messages/errors), main's English the same words.
 */
const byEndpoint: Record<string, (kept: KeptWrite) => DoneWords | undefined> = {
  [endpoints.E8.id]: (kept) => {
    const alias = kept.body?.['alias']
    if (typeof alias !== 'string') return undefined
    return {
      said: 'alias',
      values: { alias },
      message: `The alias “${alias}” was already saved: ${EARLIER}`,
      hint: 'Nothing to do: the card holds this alias. The Audit says Done on the earlier try.'
    }
  },
  [endpoints.E16.id]: (kept) => {
    const count = kept.nfcIds?.length
    if (!count) return undefined
    return {
      said: 'import',
      values: { count },
      message: `${count === 1 ? 'The card was' : `The ${count} cards were`} already imported: ${EARLIER}`,
      hint: 'Look them up on Cards. The Audit says Done on the earlier try, with the numbers the console gave.'
    }
  },
  [endpoints.visitorAssignQr.id]: () => ({
    said: 'qr',
    values: {},
    message: `The QR code was already given: ${EARLIER}`,
    hint: 'A badge printed with that code still opens the doors: print or show it from the visitor. The Audit says Done on the earlier try.'
  }),
  [endpoints.E14.id]: (kept) => {
    const count = kept.body?.['count']
    if (typeof count !== 'number') return undefined
    return {
      said: 'purchase',
      values: { count },
      message: `${count === 1 ? 'The Touch Pass was' : `The ${count} Touch Passes were`} already bought: ${EARLIER.replace('Not sent again.', 'Not bought again.')}`,
      hint: 'The new passes are on the Touch Pass list, unassigned. The Audit says Done on the earlier try.'
    }
  }
}

/**
 * The same write was done by its earlier try, whose answer was lost: this one was not sent. Said as
 * what was done where its kind has words (an alias save, a card import, a QR code, a purchase), else
 * in the general sentence.
 */
export function doneBefore(endpointId: string, auditRow: string, kept: KeptWrite): AppError {
  const words = byEndpoint[endpointId]?.(kept)
  return new AppError({
    kind: 'conflict',
    code: 'DONE_BEFORE',
    message:
      words?.message ??
      "Not sent again: the console did this already. The earlier try's answer was lost, and reading the console back shows it was done.",
    hint: words?.hint ?? 'Look at the record: it already holds this change. The Audit says Done on the earlier try.',
    details: {
      endpoint: endpointId,
      doneBefore: auditRow,
      ...(words ? { said: words.said, ...words.values } : {})
    }
  })
}
