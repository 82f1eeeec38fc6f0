/**
 * The one rule for an input whose only use is a write (a card's alias, a Touch Pass's name, the visitor
 * form's typed fields): while the token cannot make that write (a permission key it lacks), the field
 * takes no typing that could never be saved. It is read-only, not disabled — it keeps its place in the Tab order, its value is still read
 * and copied — and it is read with the note that says why its Save is off (`why`: that note's id, the
 * one its Save points at). While the console cannot be used the field stays open (lib/console-off): the
 * token may make the write once the console answers, and what is typed meanwhile is kept.
 * `busy`: a save on its way (read-only too, never disabled: a disabled field would lose the focus).
 * test/renderer/common/write-only-fields.test.ts holds every such field to it.
 */
export function writeOnlyField(
  tokenLacksWrite: boolean,
  why: string | undefined,
  busy = false
): { readonly: boolean; describedBy: string | undefined } {
  return { readonly: tokenLacksWrite || busy, describedBy: why }
}
