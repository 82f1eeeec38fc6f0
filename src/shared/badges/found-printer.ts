import { z } from 'zod'

/**
 * An IPP printer announced on the local network over DNS-SD (mDNS: `_ipp._tcp`, `_ipps._tcp`), as
 * Badges lists it under "Find printers on this network": choosing one fills the add form with `url`.
 * One row per printer: announced over both, it is the encrypted one (ipps://), whose certificate is
 * then confirmed as for any ipps:// printer added by hand.
 */
export const foundPrinterSchema = z.object({
  /** The name it announces ("Brother QL-820NWB", "Lobby labels"). */
  name: z.string(),
  /** The address to add it by: ipps:// when it announces IPPS, else ipp://; its IP address and queue. */
  url: z.string(),
  /** The IP address it answered from, as shown (IPv4 first). */
  address: z.string(),
  port: z.number().int(),
  /** Whether it announces IPPS (IPP over TLS): a badge sent to it is encrypted. */
  encrypted: z.boolean()
})
export type FoundPrinter = z.infer<typeof foundPrinterSchema>

/** How long main listens for announcements: printers answer within a second or two; never longer than 10 s. */
export const FIND_PRINTERS_SECONDS = { default: 3, max: 10 } as const
