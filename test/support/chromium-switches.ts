/** Debian's Chromium (never downloaded by the tests); CHROMIUM_PATH names another. */
export const CHROMIUM_EXECUTABLE = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium'

/** The switches of every Chromium the tests and benchmarks start (no background networking, never a download). */
export const CHROMIUM_SWITCHES = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  // Chromium 156+ keeps a page "being printed" after window.print() while its print preview
  // waits for a person, and every later page.pdf() is refused; without the preview, print()
  // returns at once, as it did before, and the PDF is still what print media renders.
  '--disable-print-preview'
]
