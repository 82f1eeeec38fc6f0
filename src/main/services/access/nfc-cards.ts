import { z } from 'zod'
import { endpoints } from '../../../shared/access/endpoints'
import { importRecordSchema, nfcCardSchema, type ImportRecord, type NfcCard } from '../../../shared/access/nfc-cards'
import type { AccessHttp, CallOptions } from './http'
import { fetchAll, toPage, type AllOptions } from './pagination'
import { listOf, shownPage } from './list-answer'
// A page of cards: `nfcCardSchema`'s rules in one plain loop, as 20,000 cards go through it per refresh.
import { cardPageReader } from './nfc-card-page'

const IMPORT_TIMEOUT_MS = 120_000

/** NFC cards (E5–E8, E16). */
export function nfcCards(http: AccessHttp) {
  const list = async (
    input: { page: number; pageSize: number },
    options: CallOptions = {}
  ): Promise<{ items: NfcCard[]; total: number }> => {
    const reply = await http.request({
      endpoint: endpoints.E6,
      query: { page_num: input.page, page_size: input.pageSize },
      data: cardPageReader,
      ...options
    })
    return shownPage(toPage(reply.data, reply.pagination), input.page, input.pageSize)
  }

  return {
    /** E5. */
    async get(token: string, options: CallOptions = {}): Promise<NfcCard> {
      const reply = await http.request({ endpoint: endpoints.E5, params: { token }, data: nfcCardSchema, ...options })
      return reply.data
    },

    /** E6, one page (1-based). */
    list,

    /** E6, every page (20,000 cards in a few seconds: large pages, 4 in flight). */
    all(options: AllOptions<NfcCard> = {}): Promise<NfcCard[]> {
      return fetchAll(
        async ({ pageNum, pageSize, signal }) => {
          const reply = await http.request({
            endpoint: endpoints.E6,
            query: { page_num: pageNum, page_size: pageSize },
            data: cardPageReader,
            signal,
            timeoutMs: options.timeoutMs
          })
          return toPage(reply.data, reply.pagination)
        },
        (card) => card.token,
        options
      )
    },

    /** E8 (Access 3.1.30+). */
    async update(token: string, input: { alias: string }, options: CallOptions = {}): Promise<void> {
      await http.request({
        endpoint: endpoints.E8,
        params: { token },
        body: { alias: input.alias },
        data: z.unknown(),
        ...options
      })
    },

    /** E7. */
    async remove(token: string, options: CallOptions = {}): Promise<void> {
      await http.request({ endpoint: endpoints.E7, params: { token }, data: z.unknown(), ...options })
    },

    /**
     * E16 (Access 3.3.10+): the CSV as multipart field `file`, no header row (facts 6.8). The
     * answer has one record per row; an empty token means that row failed. Never retried.
     */
    async importCsv(
      csv: string,
      input: { filename?: string } = {},
      options: CallOptions = {}
    ): Promise<ImportRecord[]> {
      const answered = options.answered
      const form = new FormData()
      form.append('file', new Blob([csv], { type: 'text/csv' }), input.filename ?? 'cards.csv')
      const reply = await http.request({
        endpoint: endpoints.E16,
        body: form,
        data: listOf(importRecordSchema),
        signal: options.signal,
        timeoutMs: options.timeoutMs ?? IMPORT_TIMEOUT_MS,
        // The caller's read of the cards after it, which the audit names the cards it made by.
        ...(options.readAfter ? { readAfter: options.readAfter } : {}),
        // What the caller knows of the rows sent (the files a batch's rows came from), for the audit.
        ...(options.readBefore ? { readBefore: options.readBefore } : {}),
        // The caller's record naming the audit row before the request goes (a batch part's rows).
        ...(options.recorded ? { recorded: options.recorded } : {}),
        // The caller's record of the answer (a batch's rows), before the audit's: given the records.
        ...(answered
          ? {
              answered: (answer, rowId) =>
                answered(
                  answer.ok ? { ok: true, result: (answer.result as { data: ImportRecord[] }).data } : answer,
                  rowId
                )
            }
          : {})
      })
      return reply.data
    }
  }
}
