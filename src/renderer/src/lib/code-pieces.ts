/**
 * Messages name permission keys and fields in backticks (`edit:credential`): shown as code, never as raw
 * backticks, by every notice and banner (components/common/CodedText.svelte renders these pieces). Odd
 * pieces of the split are the quoted ones; an unpaired backtick is dropped.
 */
export function codePieces(text: string): { text: string; code: boolean }[] {
  const parts = text.split('`')
  if (parts.length % 2 === 0) return [{ text: parts.join(''), code: false }]
  return parts.map((part, i) => ({ text: part, code: i % 2 === 1 }))
}
