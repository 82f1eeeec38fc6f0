import type Papa from 'papaparse'

/**
 * papaparse, loaded on first use: main's start does not need it (a run may read no CSV file at all),
 * so it is imported where a file is read, like PDFKit and qrcode (test/packaging/main-start-modules.test.ts).
 * Import's validator reads a quote-free file without it (csv-plain-rows.ts) and asks for it only when
 * a line holds a quote; its callers load it first (`loadCsvParser`), so the validator stays synchronous.
 */
export type CsvParser = typeof Papa

let loaded: CsvParser | undefined
let loading: Promise<CsvParser> | undefined

/** papaparse, imported once; later calls answer the same module. */
export function loadCsvParser(): Promise<CsvParser> {
  loading ??= import('papaparse').then((module) => (loaded = module.default))
  return loading
}

/** papaparse when `loadCsvParser` has loaded it; a caller that reads CSV without loading it first is a defect. */
export function csvParser(): CsvParser {
  if (loaded === undefined)
    throw new Error('papaparse is loaded on first use: await loadCsvParser() before reading CSV')
  return loaded
}
