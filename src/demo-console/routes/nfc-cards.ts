import type { FastifyInstance, FastifyRequest } from 'fastify'
import Papa from 'papaparse'
import { z } from 'zod'
import { endpoints } from '../../shared/access/endpoints'
import { consoleCardNumber } from '../../shared/nfc/card-number'
import type { DemoContext } from '../context'
import { success } from '../envelope'
import { invalid, notFound } from '../errors'
import { presentCard } from '../present'
import { normaliseNfcId } from '../state/enrollment'
import type { DemoStore } from '../state/store'
import { answerPage } from './paging'
import { idParam, parse } from './validate'
import { route } from './define'

const updateBody = z.object({ alias: z.string().max(255).optional() })

/** NFC cards (E5–E8) and the third-party import (E16). */
export function nfcCardRoutes(app: FastifyInstance, ctx: DemoContext) {
  const { store } = ctx
  const card = (request: FastifyRequest) => {
    const token = idParam(request, 'token')
    const found = store.cards.get(token)
    if (!found) throw notFound(`no NFC card with token ${token}`)
    return found
  }

  route(app, ctx, endpoints.E5, (request, reply) => success(ctx, reply, presentCard(store, card(request))))

  route(app, ctx, endpoints.E6, (request, reply) => {
    return answerPage(ctx, reply, store.cards.all(), request.query, (c) => presentCard(store, c))
  })

  route(app, ctx, endpoints.E7, async (request, reply) => {
    // The owner's nfc_cards are derived from the card's owner, so they lose it with the card.
    store.cards.remove(card(request).token)
    await store.save('cards')
    return success(ctx, reply, 'success')
  })

  route(app, ctx, endpoints.E8, async (request, reply) => {
    const found = card(request)
    const body = parse(updateBody, request.body)
    if (body.alias !== undefined) store.cards.setAlias(found, body.alias)
    await store.save('cards')
    return success(ctx, reply, 'success')
  })

  route(app, ctx, endpoints.E16, async (request, reply) => {
    const csv = await uploadedCsv(request)
    const records = importCards(store, csv)
    await store.save('cards', 'meta')
    return success(ctx, reply, records)
  })
}

async function uploadedCsv(request: FastifyRequest): Promise<string> {
  if (!request.isMultipart()) throw invalid('file: a multipart form with a CSV file is required')
  let csv: string | undefined
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const content = await part.toBuffer()
      if (part.fieldname === 'file') csv = content.toString('utf8')
    }
  }
  if (csv === undefined) throw invalid('file: required')
  return csv
}

/**
 * `NFCID,alias` rows, no header (facts 6.8). An imported card's display id is its NFC ID in
 * decimal. A row fails (empty token) when its NFC ID is not hex,
 * the card is already known, or its alias is already taken, in the file or on the site.
 */
function importCards(store: DemoStore, csv: string) {
  // Files edited on several systems mix line endings; papaparse guesses one from the first line.
  const text = csv.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n')
  const rows = Papa.parse<string[]>(text, { newline: '\n', skipEmptyLines: 'greedy' }).data
  const seenIds = new Set<string>()
  const seenAliases = new Set<string>()
  return rows.map((row) => {
    const rawId = (row[0] ?? '').trim()
    const alias = (row[1] ?? '').trim()
    const nfcId = normaliseNfcId(rawId)
    const record = { alias, nfc_id: nfcId ?? rawId.toUpperCase(), token: '' }
    const duplicateAlias = alias !== '' && (seenAliases.has(alias) || store.cards.aliasTaken(alias))
    if (alias) seenAliases.add(alias)
    if (!nfcId || duplicateAlias || seenIds.has(nfcId) || store.cards.findByNfcId(nfcId)) return record
    seenIds.add(nfcId)
    // A third-party card is numbered by its UID read as a decimal number (the "card number" many
    // systems print), unless another card has that number already.
    const decimal = consoleCardNumber(nfcId)
    const displayId = store.cards.displayIdTaken(decimal) ? store.nextDisplayId() : decimal
    const token = store.ids.hex(64)
    store.cards.add({
      token,
      display_id: displayId,
      nfc_id: nfcId,
      status: 'pending',
      alias,
      card_type: 'ua_card',
      note: displayId,
      owner: null
    })
    return { ...record, token }
  })
}
