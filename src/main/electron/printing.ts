import type { WebContents } from 'electron'
import { AppError } from '../../shared/errors'
import type { BadgePrinter, PageSizeMm } from '../services/badges/printer'

const MICRONS_PER_MM = 1000
const MM_PER_INCH = 25.4

/**
 * Badge printing over the window that shows the badge: its print stylesheet hides everything but
 * the badge, so the page printed is the label. Silent mode sends it straight to the chosen printer
 * (an unattended badge station); otherwise the system dialog opens.
 */
export function createElectronBadgePrinter(contents: () => WebContents | undefined): BadgePrinter {
  const target = (): WebContents => {
    const wc = contents()
    if (!wc || wc.isDestroyed()) {
      throw new AppError({
        kind: 'server',
        code: 'NO_WINDOW',
        message: 'There is no window to print from.',
        hint: 'Open the Badges screen and try again.'
      })
    }
    return wc
  }

  return {
    async listPrinters() {
      const printers = await target().getPrintersAsync()
      return printers.map((p) => {
        const options = (p.options ?? {}) as Record<string, unknown>
        // CUPS reports the default as an option; Windows and macOS through `isDefault` on older builds.
        const isDefault = options['printer-is-default'] === 'true' || (p as { isDefault?: boolean }).isDefault === true
        return { name: p.name, displayName: p.displayName || p.name, isDefault }
      })
    },

    print({ printer, silent, page }) {
      const wc = target()
      if (silent && !printer) {
        return Promise.reject(
          new AppError({
            kind: 'validation',
            code: 'PRINTER_REQUIRED',
            message: 'Silent printing needs a chosen printer.',
            hint: 'Pick the badge printer in the print settings, or turn silent printing off.'
          })
        )
      }
      return new Promise<void>((resolve, reject) => {
        wc.print(
          {
            silent,
            printBackground: true,
            ...(printer ? { deviceName: printer } : {}),
            margins: { marginType: 'none' },
            pageSize: toMicrons(page)
          },
          (success, failureReason) => {
            if (success) return resolve()
            const cancelled = /cancel/i.test(failureReason)
            reject(
              new AppError({
                kind: cancelled ? 'cancelled' : 'server',
                code: cancelled ? 'PRINT_CANCELLED' : 'PRINT_FAILED',
                message: cancelled ? 'Printing was cancelled.' : `The badge was not printed: ${failureReason}.`,
                hint: cancelled ? undefined : 'Check that the printer is on, has labels loaded, and is the one chosen.',
                details: { reason: failureReason }
              })
            )
          }
        )
      })
    },

    async printToPdf({ page }) {
      try {
        const pdf = await target().printToPDF({
          printBackground: true,
          preferCSSPageSize: true,
          pageSize: { width: page.widthMm / MM_PER_INCH, height: page.heightMm / MM_PER_INCH },
          margins: { top: 0, bottom: 0, left: 0, right: 0 }
        })
        return new Uint8Array(pdf)
      } catch (err) {
        throw new AppError({
          kind: 'server',
          code: 'PDF_FAILED',
          message: `The badge PDF could not be made: ${(err as Error).message}.`,
          details: { cause: (err as Error).message }
        })
      }
    }
  }
}

function toMicrons(page: PageSizeMm): { width: number; height: number } {
  return { width: Math.round(page.widthMm * MICRONS_PER_MM), height: Math.round(page.heightMm * MICRONS_PER_MM) }
}
