import { describe, expect, it } from 'vitest'
import { useAppServices } from '../../support/app-services'
import { demoControl } from '../../support/demo-control'
import { cardIdFromTyped } from '../../../src/shared/access/touch-pass-card-id'

interface HeldPass {
  id: string
  card_id: string
  user_name: string
}

describe('a Touch Pass card id typed without its dashes', () => {
  it('is read as the start of a card id, grouped by four as the console writes it', () => {
    expect(cardIdFromTyped('057bd703')).toBe('057B-D703')
    expect(cardIdFromTyped('057B D703 7a')).toBe('057B-D703-7A')
    expect(cardIdFromTyped('057BD7037A1E22C4')).toBe('057B-D703-7A1E-22C4')
    expect(cardIdFromTyped('057B-D703')).toBe('057B-D703')
    // Four characters need no dash; names and longer text are no card id.
    expect(cardIdFromTyped('057B')).toBeUndefined()
    expect(cardIdFromTyped('Ana Ruiz')).toBeUndefined()
    expect(cardIdFromTyped('057BD7037A1E22C4FF')).toBeUndefined()
  })

  describe('through the app against the console', () => {
    const app = useAppServices()
    const demo = demoControl(app)

    it('finds the pass as its dashed id does; a name is still searched as typed', async () => {
      const pass = (await demo.held<HeldPass>('touchPasses')).find((p) => p.card_id && p.user_name)!
      const dashed = pass.card_id.slice(0, 9)
      const typed = dashed.replace('-', '').toLowerCase()

      const found = (await app.call('touchPasses.search', { condition: typed })).items as HeldPass[]
      expect(found.map((p) => p.id)).toContain(pass.id)
      const asWritten = (await app.call('touchPasses.search', { condition: dashed })).items as HeldPass[]
      expect(found.map((p) => p.id)).toEqual(asWritten.map((p) => p.id))

      const byName = (await app.call('touchPasses.search', { condition: pass.user_name })).items as HeldPass[]
      expect(byName.map((p) => p.id)).toContain(pass.id)
    })
  })
})
