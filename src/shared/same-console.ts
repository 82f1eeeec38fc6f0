/**
 * One console is one console, known by its pinned certificate (as the audit's `console.id` is): the
 * saved profile (other than `exceptId`, the one being edited) pinned to the same fingerprint, whatever
 * address it was saved under (127.0.0.1 and localhost are one console), or undefined. A second profile
 * of it would be taken for another console (its batches and rosters read-only under the first's name,
 * a find across consoles answered twice). The built-in demo console is matched by the certificate it
 * presents now (`demoFingerprint`, when main knows it), else by the one pinned when it was first made.
 * Main refuses the save with it (connections/same-console.ts); Add a console says it as soon as the
 * certificate is read.
 */
export function savedAs<T extends { id: string; fingerprint256: string; demo: boolean }>(
  profiles: readonly T[],
  fingerprint256: string,
  exceptId?: string,
  demoFingerprint?: string
): T | undefined {
  const pinned = (p: T) => (p.demo ? (demoFingerprint ?? p.fingerprint256) : p.fingerprint256)
  return profiles.find((p) => p.id !== exceptId && pinned(p) === fingerprint256)
}
