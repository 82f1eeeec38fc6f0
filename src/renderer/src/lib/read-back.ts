/**
 * A write whose console answer was lost, which main then read back and found done: main's answer
 * carries `readBack: true` (the contract's field on visitors.create, visitors.assignQr and the Touch
 * Pass writes). The one reading of that fact for every screen: a message's `readBack` select, 'yes'
 * or 'no', so each language says "the answer was lost; reading it back shows …" its own way.
 */
export interface ReadBackAnswer {
  readBack?: boolean | undefined
}

export const readBackOf = (answer: ReadBackAnswer | null | undefined): 'yes' | 'no' => (answer?.readBack ? 'yes' : 'no')
