import type { SupervisorMessage } from './messages'

type FeedbackKind = Extract<SupervisorMessage, { type: 'feedback' }>['kind']

/**
 * ACR122U "bi-colour LED and buzzer control" pseudo-APDU: FF 00 40 <LED> 04 <T1> <T2> <repeat>
 * <buzzer>, T1/T2 in 100 ms units. LED byte bits: 0 red final, 1 green final, 2/3 red/green
 * update mask, 4/5 red/green initial blink, 6/7 red/green blink mask.
 */
const patterns: Record<FeedbackKind, number[]> = {
  // New card: one green blink with one short beep.
  new: [0xff, 0x00, 0x40, 0xae, 0x04, 0x01, 0x01, 0x01, 0x01],
  // Duplicate: two red blinks, each with a beep: audibly different from a new card.
  duplicate: [0xff, 0x00, 0x40, 0x5c, 0x04, 0x02, 0x01, 0x02, 0x01]
}

export function feedbackApdu(kind: FeedbackKind): Buffer {
  return Buffer.from(patterns[kind])
}

/** The reader played it: ACR122U answers 90 <LED state>; others answer an error (vpcd: 6D 00). */
export function feedbackPlayed(response: Buffer): boolean {
  return response.length === 2 && response[0] === 0x90
}
