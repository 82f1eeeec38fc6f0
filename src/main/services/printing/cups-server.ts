/**
 * Where a system CUPS queue is printed to. `lpstat` lists the queues of the CUPS server this computer's
 * CUPS client uses — CUPS_SERVER, a ServerName in ~/.cups/client.conf or /etc/cups/client.conf (an
 * office's print server), else the local scheduler — and `lpstat -H` names that server. The queue is
 * printed to over IPP at that same server, so the badge goes to the very queue Badges listed, not to a
 * localhost:631 that may have no CUPS or other queues.
 */

/** CUPS's IPP port, and the local scheduler's address when the client talks to it by its socket. */
const IPP_PORT = 631
const LOCAL = `localhost:${IPP_PORT}`

/** `lpstat -H`'s answer ("printhost:631", "/run/cups/cups.sock", "::1:631") → host:port for a URL. */
export function cupsServerAddress(lpstatH: string): string {
  const answer = (lpstatH.trim().split('\n')[0] ?? '').trim()
  // The local scheduler's domain socket (or no answer at all): it also listens on localhost:631.
  if (!answer || answer.startsWith('/')) return LOCAL
  // A ServerName may carry options after a slash ("printhost:631/version=1.1").
  const server = answer.replace(/\/.*$/, '')
  if (server.startsWith('[')) return /\]:\d+$/.test(server) ? server : `${server}:${IPP_PORT}`
  const colons = server.split(':').length - 1
  if (colons === 0) return `${server}:${IPP_PORT}`
  if (colons === 1) return server
  // A bare IPv6 address, to which lpstat -H adds the port after one more colon.
  const at = server.lastIndexOf(':')
  return `[${server.slice(0, at)}]:${server.slice(at + 1)}`
}

/** The IPP address of a queue of the CUPS server `lpstat -H` named. */
export function cupsQueueUrl(lpstatH: string, queue: string): string {
  return `ipp://${cupsServerAddress(lpstatH)}/printers/${encodeURIComponent(queue)}`
}
