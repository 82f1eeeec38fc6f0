/**
 * Whether a visitor of the day holds a working QR code, as this desk knows it: a badge printed or saved
 * here carries one (printing assigns it), until the desk revoked it. The console's visitor list does
 * not say whether a QR code is assigned (facts 4.11), so this is the desk's record, not the console's.
 */
export function holdsQr(marks: { badgePrinted: boolean; badgeQrRevokedAt: string | null }): boolean {
  return marks.badgePrinted && marks.badgeQrRevokedAt === null
}
