import type { PrinterInfo } from '../../../shared/badges/schemas'

/** A page size in millimetres; the printer turns it into microns (print) or inches (PDF). */
export interface PageSizeMm {
  widthMm: number
  heightMm: number
}

/**
 * What the badge handlers need from a printer. Electron implements it over the window's
 * webContents (src/main/electron/printing.ts); web mode has none, the browser prints there.
 */
export interface BadgePrinter {
  listPrinters(): Promise<PrinterInfo[]>
  /** Print the badge page the window shows. Resolves once the job is handed to the OS. */
  print(options: { printer?: string; silent: boolean; page: PageSizeMm }): Promise<void>
  /** The badge page as a PDF. */
  printToPdf(options: { page: PageSizeMm }): Promise<Uint8Array>
}
