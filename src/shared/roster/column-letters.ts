/**
 * A column by the letters a spreadsheet shows above it: 0 → A, 25 → Z, 26 → AA. A roster's column the
 * file gives no name is called by them ("Column D"): main's English from the roster catalogue's
 * `columnLetter`, each desk's in its language (the sheet's `unnamed`).
 */
export function columnLetters(index: number): string {
  let s = ''
  let n = index + 1
  while (n > 0) {
    const r = (n - 1) % 26
    s = String.fromCharCode(65 + r) + s
    n = Math.floor((n - 1) / 26)
  }
  return s
}
