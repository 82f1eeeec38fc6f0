import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { BatchService } from '../../../src/main/services/batches/batch-service'
import { tempDir } from '../../support/temp'

/**
 * A row keeps its ID in normal form only; whether its digits were written as hex (separators, 0x)
 * is kept with it, so the rows table gives the decimal note by the same rule as the typed note and
 * the CSV preview (shared/nfc/card-number.ts writtenDigitsReading), after a restart too.
 */
describe('all-digit IDs written as hex keep no decimal note', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>
  let service: BatchService
  const open = () => new BatchService({ dir: join(dir.path, 'batches') })

  beforeEach(async () => {
    dir = await tempDir()
    service = open()
  })
  afterEach(async () => {
    await service.close()
    await dir.remove()
  })

  it('typed, edited and from a CSV: separated digits are hex by their form; bare digits are not', async () => {
    const batch = await service.create({ name: 'Digits' })
    const colons = await service.addScan(batch.id, '04:11:22:33:44:55:77', undefined, 'typed')
    const bare = await service.addScan(batch.id, '12345678', undefined, 'typed')
    expect(colons.row).toMatchObject({ nfcId: '04112233445577', hexByForm: true })
    expect(bare.row.hexByForm).toBeUndefined()

    // An edit writes the ID anew: its form decides again.
    await service.updateRow(batch.id, bare.row.id, { nfcId: '12 34 56 79' })
    await service.updateRow(batch.id, colons.row.id, { nfcId: '04112233445578' })
    expect(await service.importCsv(batch.id, '04-11-22-33-44-55-99,Dashes\n10203040506070,Bare\n')).toMatchObject({
      added: 2
    })

    const expected = [
      ['04112233445578', undefined],
      ['12345679', true],
      ['04112233445599', true],
      ['10203040506070', undefined]
    ]
    const seen = async () => (await service.get(batch.id)).rows.map((r) => [r.nfcId, r.hexByForm])
    expect(await seen()).toEqual(expected)
    await service.close()
    service = open()
    expect(await seen()).toEqual(expected)
  })
})
