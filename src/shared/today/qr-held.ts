/**
 * Whether a visitor of the day holds a working QR code, as this desk knows it: a code this desk gave
 * (Visitors, Badges, the kiosk: every assign is recorded, a lost answer read back too) and did not
 * revoke since, or a badge printed or saved here (printing assigns one) until the desk revoked it. The
 * console's visitor list does not say whether a QR code is assigned (facts 4.11), so this is the desk's
 * record, not the console's.
 */
export function holdsQr(marks: {
  badgePrinted: boolean
  badgeQrRevokedAt: string | null
  qrAssigned?: boolean | undefined
}): boolean {
  return marks.qrAssigned === true || (marks.badgePrinted && marks.badgeQrRevokedAt === null)
}
