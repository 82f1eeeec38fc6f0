export type SearchReason = 'typed' | 'shown' | 'retry'

/** How a SearchPicker shows one result: a title, then muted detail, then a note worth knowing. */
export interface PickerRow {
  title: string
  /** The title is a number (a card's), set in the monospace face. */
  mono?: boolean
  detail?: string
  note?: string
  /** Why this row cannot be picked: shown instead of picking it. */
  refused?: string
}

/** What differs between the pickers: where results come from, how a row reads, which rows are refused. */
export interface PickerSource<T> {
  /**
   * The results for the words typed (trimmed; '' only when `listsAll`). An array answers at once (a
   * list already held); a promise is a console lookup. `why`: a picker just shown and a retry after
   * a failure read afresh what a source holds; a retry also reads past the main process's cache.
   */
  search(term: string, why: SearchReason): T[] | Promise<T[]>
  key(item: T): string
  row(item: T): PickerRow
  /** What an empty result says. */
  none(term: string): string
  /** The results' accessible name. */
  listLabel: string
  /**
   * 'listbox': options that keep the focus and say which one is selected; 'buttons': a list of
   * buttons (the Touch Pass and visitor card dialogs were built and tested with buttons).
   */
  rows: 'listbox' | 'buttons'
  placeholder: string
  /** Shown while a lookup runs. */
  busyText?: string
  /** Shows the first rows for an empty field, from the moment the picker opens (the cards a visitor may take). */
  listsAll?: boolean
  listTestId?: string
}
