import { describe, expect, it } from 'vitest'
import { render, screen } from '@testing-library/svelte'
import ByteOrderChoice from '../../../src/renderer/src/components/import/ByteOrderChoice.svelte'

const preview = () => screen.getByTestId('byte-order-preview').textContent!.replace(/\s+/g, ' ')

describe('Byte order line', () => {
  it('says what an accepted tap is imported as, in the chosen order', () => {
    render(ByteOrderChoice, { order: 'reversed', sampleHex: 'A1B2C3D4', onchange: () => {} })
    expect(preview()).toMatch(/Last tap A1B2C3D4 is imported as D4C3B2A1\./)
  })

  it('never says a refused random UID is "imported as": it says it was not imported', () => {
    render(ByteOrderChoice, { order: 'reversed', sampleHex: '08ABCDEF', onchange: () => {} })
    expect(preview()).not.toMatch(/imported as/)
    expect(preview()).toMatch(/Last tap 08ABCDEF is a random UID .* it was not imported\./)
  })

  it('says a UID of an impossible length was not imported', () => {
    render(ByteOrderChoice, { order: 'as-read', sampleHex: '04A1B2', onchange: () => {} })
    expect(preview()).not.toMatch(/imported as/)
    expect(preview()).toMatch(/04A1B2 cannot be an NFC ID .* not imported/)
  })
})
