/**
 * The desk's font family, as app.css sets it on `:root` (every screen and table is drawn in it; the
 * monospace numbers aside). Code that measures text without laying the page out (a canvas, Cards'
 * column widths) measures in it by name, instead of reading the page's style: a style read as a
 * screen is drawn made the browser work out the style of the whole new screen there and then
 * (~5-10 ms of Cards' first open). test/renderer/cards/column-widths-second-open.test.ts holds
 * app.css to this.
 */
export const DESK_FONT_FAMILY = `system-ui, -apple-system, 'Segoe UI', Roboto, 'DejaVu Sans', sans-serif`
