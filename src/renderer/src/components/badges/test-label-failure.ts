import { AppError } from '../../../../shared/errors'

/**
 * A failed test label in its own words. Main words a printer failure once, for a badge ("… No badge was
 * printed.", "then print the badge again from Badges"); a test label is no badge, so its row says so:
 * the same reason and remedy, about the test label. Words main may add later that do not match are
 * kept as they are (the reason is still right, only less exact).
 */
export function testLabelFailure(error: AppError): AppError {
  const message = `${error.message
    .replace(/\s*(No badge was printed\.|The badge was not printed\.)\s*$/, '')
    .trim()} The test label was not printed.`.trim()
  const hint = error.hint?.replace(/print the badge again( from Badges)?/g, 'print a test label again')
  return new AppError({ ...error.toData(), message, ...(hint ? { hint } : {}) })
}
