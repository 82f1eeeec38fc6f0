import { describe, expect, it } from 'vitest'
import { CardsAfterParts } from '../../../src/main/services/batches/cards-after-parts'
import { ConsoleCards } from '../../../src/main/services/batches/console-cards'

/** Which read of the card list an upload's part uses: one a part, whoever asks first. */
describe('CardsAfterParts', () => {
  function counted(fail: (n: number) => boolean = () => false) {
    let reads = 0
    const parts = new CardsAfterParts(async () => {
      reads++
      if (fail(reads)) throw new Error('unreadable')
      return new ConsoleCards([{ token: `t${reads}`, display_id: `${reads}` }] as never)
    })
    return { parts, reads: () => reads }
  }

  it("the audit's read of a part is its failures' and the rows' numbers' too", async () => {
    const { parts, reads } = counted()
    const audit = parts.nextPart()
    parts.imported()
    const seen = await audit.cards!()
    expect(seen.map((c) => c.token)).toEqual(['t1'])
    expect((await parts.afterLastPart()).cards).toBe(seen)
    expect((await parts.forNumbers()).cards).toBe(seen)
    expect(reads()).toBe(1)
  })

  it('numbers are read again when a part imported after the latest read, not when the parts after it imported nothing', async () => {
    const { parts, reads } = counted()
    parts.nextPart()
    parts.imported()
    await parts.afterLastPart()
    // A second part that imported nothing (all failed): the first read still names every imported card.
    parts.nextPart()
    expect((await parts.forNumbers()).cards[0]!.token).toBe('t1')
    expect(reads()).toBe(1)
    // A third part imported cards the first read cannot know: the list is read after it.
    parts.nextPart()
    parts.imported()
    expect((await parts.forNumbers()).cards[0]!.token).toBe('t2')
    expect(reads()).toBe(2)
  })

  it('no part read: the numbers read the list once, after the last part', async () => {
    const { parts, reads } = counted()
    for (let i = 0; i < 3; i++) {
      parts.nextPart()
      parts.imported()
    }
    await parts.forNumbers()
    await parts.forNumbers()
    expect(reads()).toBe(1)
  })

  it('a read that failed is not kept: the numbers read again', async () => {
    const { parts, reads } = counted((n) => n === 1)
    const audit = parts.nextPart()
    parts.imported()
    await expect(audit.cards!()).rejects.toThrow('unreadable')
    expect((await parts.forNumbers()).cards[0]!.token).toBe('t2')
    expect(reads()).toBe(2)
  })
})
