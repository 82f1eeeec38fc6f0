import { describe, expect, it } from 'vitest'
import { sortOrder } from '../../../src/renderer/src/stores/cards.svelte'

describe('the order of the Cards screen', () => {
  it('numbers by value (leading zeros ignored), text by the collator, ties kept in place', () => {
    const keys = ['10', '9', '0009', 'b', 'A', '100', 'a']
    expect(sortOrder(keys).map((i) => keys[i])).toEqual(['9', '0009', '10', '100', 'A', 'a', 'b'])
  })

  it('a list already in order keeps its positions; one out of order is sorted, either way round', () => {
    const inOrder = Array.from({ length: 1000 }, (_, i) => String(100000 + i))
    expect(sortOrder(inOrder)).toEqual([...inOrder.keys()])
    const swapped = inOrder.slice()
    ;[swapped[500], swapped[501]] = [swapped[501]!, swapped[500]!]
    const order = sortOrder(swapped)
    expect(order.map((i) => swapped[i])).toEqual(inOrder)
    expect(sortOrder(inOrder, -1).map((i) => inOrder[i])).toEqual(inOrder.slice().reverse())
  })
})
