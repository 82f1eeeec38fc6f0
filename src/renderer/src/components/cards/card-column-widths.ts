/**
 * Cards' Alias, Type and Owner columns sized by what the rows in view hold (each row is its own grid,
 * so the browser cannot size a column by its cells): an alias readable up to ALIAS_CHARS characters,
 * the type word whole, an owner's name with its user/visitor tag whole, and a column with nothing in
 * it no wider than its header. The widths are the grid's maxima; the grid shrinks them towards their
 * header's width when the table is narrower (the alias and the owner give way alike).
 */

import { DESK_FONT_FAMILY } from '../../lib/desk-font'

/** How much of an alias the column keeps room for: enough to tell "Imp-0231 Lager Nord" apart. */
export const ALIAS_CHARS = 24
/** A cell's padding, both sides (CardTable's `.cell`). */
export const CELL_PADDING = 20
/** The header's sort arrow (" ▾") beside its label. */
const ARROW = ' ▾'

/** How wide a text is drawn at a font size, in px. */
export type Measure = (text: string, px: number) => number

export interface ColumnTexts {
  aliases: readonly string[]
  types: readonly string[]
  /** The owners in view: a name and its tag ("user", "visitor"), drawn smaller. */
  owners: readonly { name: string; tag: string }[]
  headers: { alias: string; type: string; owner: string }
}

export interface ColumnWidths {
  alias: { min: number; max: number }
  type: number
  owner: { min: number; max: number }
}

/** Text 14 px (the desk's), tags 11 px, headers 14 px bold (a bold letter is about 8 % wider). */
const TEXT = 14
const TAG = 11
const BOLD = 1.08

export function columnWidths(texts: ColumnTexts, measure: Measure): ColumnWidths {
  const widest = (values: readonly number[]) => values.reduce((a, b) => Math.max(a, b), 0)
  const header = (label: string) => Math.ceil(measure(label + ARROW, TEXT) * BOLD) + CELL_PADDING
  const aliasMin = header(texts.headers.alias)
  const ownerMin = header(texts.headers.owner)
  const alias = widest(texts.aliases.map((a) => measure(a.slice(0, ALIAS_CHARS), TEXT)))
  const type = widest(texts.types.map((t) => measure(t, TEXT)))
  // The name, the gap (0.3em) and the tag, as `.owner` lays them out.
  const owner = widest(texts.owners.map((o) => measure(o.name, TEXT) + (o.tag ? TEXT * 0.3 + measure(o.tag, TAG) : 0)))
  return {
    alias: { min: aliasMin, max: Math.max(aliasMin, Math.ceil(alias) + CELL_PADDING) },
    type: Math.max(header(texts.headers.type), Math.ceil(type) + CELL_PADDING),
    owner: { min: ownerMin, max: Math.max(ownerMin, Math.ceil(owner) + CELL_PADDING) }
  }
}

/**
 * The table's measure, kept for the app's life: the desk draws every table in one font (app.css,
 * lib/desk-font.ts), so each text is measured once. The font is known by name: reading it from the
 * page's style as the table mounted made the browser work out the style of the screen being drawn
 * (on the first open, before the first rows), and a second open that made a new canvas measured the
 * same words anew (~40 ms of the held cards' open on a loaded machine).
 */
const measures = new Map<string, Measure>()

/** The measure of a font family: the same one (and its texts measured so far) for every table. */
export function tableMeasure(fontFamily: string = DESK_FONT_FAMILY): Measure {
  let measure = measures.get(fontFamily)
  if (!measure) measures.set(fontFamily, (measure = canvasMeasure(fontFamily)))
  return measure
}

/**
 * Measures with a canvas in the font the table is drawn in (no layout is read); where there is no
 * canvas (jsdom), a character is taken as 0.62em, wider than most letters of the desk's fonts.
 */
function canvasMeasure(fontFamily: string): Measure {
  // An OffscreenCanvas (Chromium, Electron): nothing is added to the page, and jsdom has none.
  const context = typeof OffscreenCanvas === 'function' ? new OffscreenCanvas(1, 1).getContext('2d') : null
  const seen = new Map<string, number>()
  return (text, px) => {
    if (!context) return text.length * px * 0.62
    const key = `${px}\u0000${text}`
    let width = seen.get(key)
    if (width === undefined) {
      context.font = `${px}px ${fontFamily}`
      width = context.measureText(text).width
      seen.set(key, width)
    }
    return width
  }
}
