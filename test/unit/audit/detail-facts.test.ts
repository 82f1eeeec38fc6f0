import { readFile, writeFile, mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { endpoints, type EndpointId } from '../../../src/shared/access/endpoints'
import type { WriteCall } from '../../../src/main/services/access/http'
import { AuditService } from '../../../src/main/services/audit/audit-service'
import { AuditLog } from '../../../src/main/services/audit/audit-log'
import { writeKinds } from '../../../src/main/services/audit/write-kinds'
import { detailWordsIn } from '../../../src/main/services/audit/detail-in-language'
import { auditFactsSchema } from '../../../src/shared/audit/detail-facts'
import { detailWords, factWords } from '../../../src/shared/audit/detail-words'
import { LANGUAGES } from '../../../src/shared/i18n/locales'
import { tempDir } from '../../support/temp'
import { memoryStore } from '../../support/memory-store'
import { factSamples } from '../../support/audit-fact-samples'

type Kind = keyof typeof writeKinds
const call = (id: EndpointId, rest: Omit<WriteCall, 'endpoint'> = {}): WriteCall => ({
  endpoint: endpoints[id],
  ...rest
})
const csv = (name: string, lines: string[]) => {
  const form = new FormData()
  form.append('file', new File([lines.join('\n')], name))
  return form
}

/**
 * One request of every kind of write, and the answer it gets: a kind added to writeKinds fails here
 * until it has one, and then until it records its detail as facts or says it has none (`detail: null`).
 */
const samples: Partial<Record<Kind, { call: WriteCall; answer?: unknown }>> = {
  E1: { call: call('E1') },
  E2: {
    call: call('E2', { body: { device_id: 'dev-1', reset_ua_card: true } }),
    answer: { data: { session_id: 's-1' } }
  },
  E4: { call: call('E4', { params: { id: 'sess-1' } }) },
  E7: { call: call('E7', { params: { token: 'tk' } }) },
  E8: { call: call('E8', { params: { token: 'tk' }, body: { alias: 'Lobby' } }) },
  E12: { call: call('E12', { params: { id: 'p1' }, body: { status: 'SUSPENDED' } }) },
  E14: {
    call: call('E14', { body: { count: 2 } }),
    answer: {
      data: [
        { id: 'p1', card_id: '057B-0001' },
        { id: 'p2', card_id: '057B-0002', card_name: 'Desk' }
      ]
    }
  },
  E16: { call: call('E16', { body: csv('cards.csv', ['04A23B1C', '04A23B1D']) }), answer: { data: [{ token: 't1' }] } },
  E17: { call: call('E17', { body: { first_name: 'Ada', last_name: 'Ng', start_time: 1, end_time: 2 } }) },
  E18: { call: call('E18', { params: { id: 'v1' }, body: { remarks: 'x', mobile_phone: '+1 555' } }) },
  userAssignNfc: { call: call('userAssignNfc', { params: { id: 'u1' }, body: { token: 'tk', force_add: true } }) },
  userUnassignNfc: { call: call('userUnassignNfc', { params: { id: 'u1' }, body: { token: 'tk' } }) },
  userAssignPin: { call: call('userAssignPin', { params: { id: 'u1' }, body: { pin_code: '99887766' } }) },
  userUnassignPin: { call: call('userUnassignPin', { params: { id: 'u1' } }) },
  userAssignTouchPass: { call: call('userAssignTouchPass', { params: { user_id: 'u1', touch_pass_id: 'p1' } }) },
  userUnassignTouchPass: { call: call('userUnassignTouchPass', { params: { user_id: 'u1', touch_pass_id: 'p1' } }) },
  usersAssignTouchPasses: {
    call: call('usersAssignTouchPasses', { body: { ids: ['u1', 'u2'] } }),
    answer: { data: [{ id: 'p1', card_id: '057B-0001', user_name: 'Ada Ng' }] }
  },
  visitorDelete: { call: call('visitorDelete', { params: { id: 'v1' }, query: { is_force: true } }) },
  visitorAssignNfc: {
    call: call('visitorAssignNfc', { params: { id: 'v1' }, body: { token: 'tk', force_add: true } })
  },
  visitorUnassignNfc: { call: call('visitorUnassignNfc', { params: { id: 'v1' }, body: { token: 'tk' } }) },
  visitorAssignPin: { call: call('visitorAssignPin', { params: { id: 'v1' }, body: { pin_code: '99887766' } }) },
  visitorUnassignPin: { call: call('visitorUnassignPin', { params: { id: 'v1' } }) },
  visitorAssignQr: { call: call('visitorAssignQr', { params: { id: 'v1' } }) },
  visitorUnassignQr: { call: call('visitorUnassignQr', { params: { id: 'v1' } }) }
}

let dir: Awaited<ReturnType<typeof tempDir>> | undefined
afterEach(async () => {
  await dir?.remove()
  dir = undefined
})

const service = async () => {
  dir = await tempDir()
  return new AuditService({
    dir: dir.path,
    store: memoryStore(),
    activeConsole: async () => null,
    desk: { user: 'ana', host: 'desk-7' }
  })
}
const hq = { name: 'HQ', url: 'https://10.1.1.1:12445' }

describe('main records the detail of every kind of write as facts', () => {
  it.each(Object.keys(writeKinds) as Kind[])('%s', async (name) => {
    const kind = writeKinds[name]
    if (kind === null) return // changes nothing: never recorded (E1)
    const sample = samples[name]!
    expect(sample, `${name} has no sample request here`).toBeDefined()
    // Each kind says what its detail is, or that the row's own fields say all (null): never left out.
    expect(kind!.detail, `${name} declares no detail facts`).not.toBeUndefined()
    const audit = await service()
    const answered = await audit.recorder(hq).before(sample.call)
    await answered!({ ok: true, result: sample.answer ?? { data: {} } })
    const [row] = await audit.all()
    if (kind!.detail === null) {
      expect(row!.facts, `${name} says it has no detail but recorded some`).toBeUndefined()
    } else {
      expect(row!.facts?.length, `${name} recorded no facts for its sample`).toBeGreaterThan(0)
      expect(auditFactsSchema.safeParse(row!.facts).success).toBe(true)
      // The row's English detail is the facts' words, never written apart.
      expect(row!.detail).toBe(detailWords(row!.facts!, detailWordsIn('en')))
    }
    // Never the PIN or a phone number, in the facts or their words.
    expect(JSON.stringify(row)).not.toMatch(/99887766|\+1 555/)
    await audit.close()
  })
})

describe('every kind of fact has words in every language', () => {
  it.each(LANGUAGES)('%s', (language) => {
    for (const fact of Object.values(factSamples)) {
      const words = factWords(fact, detailWordsIn(language))
      expect(words, `${fact.kind} in ${language}`).not.toMatch(/fact\.|^$/)
    }
  })

  it('a visitor field is named as the form names it in the language; one that is no form field as sent', () => {
    expect(factWords({ kind: 'changed', fields: ['mobile_phone', 'odd_field'] }, detailWordsIn('de'))).toBe(
      'geändert: Telefon, odd_field'
    )
  })
})

describe('the journal', () => {
  it('a journal written before facts: its English detail read as recorded; a new line carries facts, no English', async () => {
    dir = await tempDir()
    const audit = join(dir.path, 'audit')
    await mkdir(audit, { recursive: true })
    const head = {
      console: hq,
      desk: { user: 'ana', host: 'desk-7' },
      endpoint: { id: 'E16', title: 'Import third-party NFC cards' },
      target: { kind: 'NFC card' as const }
    }
    const at = new Date().toISOString()
    await writeFile(
      join(audit, 'audit.jsonl'),
      [
        { t: 'begin', id: 'old', at, ...head, action: 'import', detail: '2 cards from batch “Lobby”' },
        { t: 'end', id: 'old', at, outcome: 'ok', detail: '2 imported, 0 not imported' },
        {
          t: 'begin',
          id: 'print',
          at,
          ...head,
          action: 'badge print',
          endpoint: { id: 'badge', title: 'Print badge' },
          target: { kind: 'visitor', id: 'v1' },
          badge: { stock: '4x3in', output: 'pdf' },
          detail: '4 × 3 in badge insert · saved as PDF'
        },
        { t: 'end', id: 'print', at, outcome: 'ok' }
      ]
        .map((line) => JSON.stringify(line))
        .join('\n') + '\n'
    )
    const log = new AuditLog(audit, { retentionDays: () => 365 })
    const [print, row] = (await log.page({}, 0, 10)).items
    // A badge print's facts were recorded then too: its English is theirs, once.
    expect(print!.detail).toBe('4 × 3 in badge insert · saved as PDF')
    expect(print!.recordedDetail).toBeUndefined()
    expect(row).toMatchObject({
      recordedDetail: '2 cards from batch “Lobby”; 2 imported, 0 not imported',
      detail: '2 cards from batch “Lobby”; 2 imported, 0 not imported',
      outcome: 'ok'
    })
    expect(row!.facts).toBeUndefined()
    // Found by its English words as recorded, whatever the desk's language.
    expect((await log.page({ text: 'imported', language: 'de' }, 0, 10)).total).toBe(1)

    const id = await log.begin({ ...head, action: 'import', facts: [{ kind: 'cardsSent', count: 1, file: 'a.csv' }] })
    await log.end(id, { outcome: 'ok', facts: [{ kind: 'imported', imported: 1, notImported: 0 }] })
    await log.close()
    const lines = (await readFile(join(audit, 'audit.jsonl'), 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
    expect(lines.slice(4).map((l) => [l.facts, l.detail])).toEqual([
      [[{ kind: 'cardsSent', count: 1, file: 'a.csv' }], undefined],
      [[{ kind: 'imported', imported: 1, notImported: 0 }], undefined]
    ])
    const again = new AuditLog(audit, { retentionDays: () => 365 })
    const [newest] = (await again.page({}, 0, 1)).items
    expect(newest!.detail).toBe('1 card from a.csv; 1 imported, 0 not imported')
    await again.close()
  })
})

describe('the search finds a row by the words the desk shows and by its facts', () => {
  it("German words, English words, a visitor's name and a card number", async () => {
    const audit = await service()
    const recorder = audit.recorder(hq)
    await (await recorder.before(samples.visitorDelete!.call))!({ ok: true, result: {} })
    await (await recorder.before(call('visitorDelete', { params: { id: 'v2' } })))!({ ok: true, result: {} })
    await (await recorder.before(samples.E16!.call))!({ ok: true, result: samples.E16!.answer })
    const found = async (text: string, language?: 'de' | 'fr') =>
      (await audit.list({ filter: { text, ...(language ? { language } : {}) } })).items.map((r) => r.action)
    expect(await found('endgültig gelöscht', 'de')).toEqual(['delete'])
    expect(await found('storniert', 'de')).toEqual(['cancel visit'])
    expect(await found('définitivement', 'fr')).toEqual(['delete'])
    // German words are not found on an English desk; the English ones are on every desk.
    expect(await found('storniert')).toEqual([])
    expect(await found('deleted for good', 'de')).toEqual(['delete'])
    // The facts themselves: a file's name, a count in the desk's words, the action as the desk names it.
    expect(await found('cards.csv', 'de')).toEqual(['import'])
    expect(await found('2 Karten', 'de')).toEqual(['import'])
    expect(await found('1 importiert', 'de')).toEqual(['import'])
    await audit.close()
  })
})

describe("a badge print's stock and output are facts: worded in the desk's language in its search and its CSV", () => {
  const job = (name: string) => ({
    visitorId: `v-${name}`,
    name,
    company: '',
    host: '',
    validFrom: 0,
    validTo: 1,
    stock: '4x3in' as const
  })

  it('German: found by the words the screen shows and by the English ones; the CSV says them in German', async () => {
    const audit = await service()
    await audit.badgePrinted({ job: job('Rosa'), output: 'pdf', reprintOf: 'h1' })
    await audit.badgePrinted({ job: job('Ivo'), output: 'printer' })
    const found = async (text: string, language?: 'de') =>
      (await audit.list({ filter: { text, ...(language ? { language } : {}) } })).items.map((r) => r.target.name)
    expect(await found('als PDF gespeichert', 'de')).toEqual(['Rosa'])
    expect(await found('Nachdruck', 'de')).toEqual(['Rosa'])
    expect(await found('Ausweiseinlage', 'de')).toEqual(['Ivo', 'Rosa'])
    expect(await found('Standarddrucker', 'de')).toEqual(['Ivo'])
    // The English words on every desk; the German ones not on an English desk.
    expect(await found('saved as PDF', 'de')).toEqual(['Rosa'])
    expect(await found('als PDF gespeichert')).toEqual([])
    const { text } = await audit.exportCsv({}, 'UTC', 'de')
    expect(text).toContain('Ausweiseinlage 4 × 3 Zoll · als PDF gespeichert · Nachdruck')
    expect(text).toContain('Ausweiseinlage 4 × 3 Zoll · der Standarddrucker')
    expect(text).not.toMatch(/badge insert|saved as PDF|default printer/)
    // The row's English detail (the file's, the CLI's) is the same facts' English words.
    expect((await audit.all()).map((r) => r.detail)).toEqual([
      '4 × 3 in badge insert · saved as PDF · reprint',
      '4 × 3 in badge insert · the default printer'
    ])
    await audit.close()
  })
})
