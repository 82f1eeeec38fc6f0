import '@testing-library/jest-dom/vitest'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { cleanup, render, screen } from '@testing-library/svelte'
import ErrorNotice from '../../../src/renderer/src/components/ErrorNotice.svelte'
import { deskLanguage } from '../../../src/renderer/src/lib/i18n/desk-language.svelte'
import { BatchService } from '../../../src/main/services/batches/batch-service'
import { AppError } from '../../../src/shared/errors'
import { tempDir } from '../../support/temp'

/** What main answers a typed ID that is no NFC ID (Import's field), through the wire. */
async function typedRefusal(typed: string): Promise<AppError> {
  const dir = await tempDir()
  const batches = new BatchService({ dir: join(dir.path, 'batches') })
  try {
    const batch = await batches.create({ name: 'Lot' })
    const refused = await batches.addScan(batch.id, typed, undefined, 'typed').then(() => null, AppError.from)
    return AppError.from(JSON.parse(JSON.stringify(refused!.toData())))
  } finally {
    await batches.close()
    await dir.remove()
  }
}

describe('a typed ID that is no NFC ID, said in the desk’s language as Import’s preview says the line', () => {
  afterAll(() => {
    cleanup()
    void deskLanguage.choose(null)
  })

  it('in French: the preview line’s sentence, never main’s English', async () => {
    const error = await typedRefusal('04A1B2')
    expect(error.code).toBe('NFC_ID_INVALID')
    await deskLanguage.choose('fr')
    render(ErrorNotice, { error, focus: true })
    const alert = screen.getByRole('alert')
    await expect
      .poll(() => alert.querySelector('strong')?.textContent)
      .toBe(
        '« 04A1B2 » : Un UID NFC fait 4, 7 ou 10 octets (8, 14 ou 20 chiffres hexadécimaux) ; celui-ci fait 3 octets.'
      )
    expect(alert.querySelector('strong')).not.toHaveAttribute('lang')
  })
})
