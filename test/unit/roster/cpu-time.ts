/**
 * CPU milliseconds spent running `fn` (user + system time of this process). Unlike the wall
 * clock, it does not grow when other processes share the machine's cores, so a speed bound holds
 * on a busy test machine too.
 */
export function cpuMs<T>(fn: () => T): { value: T; ms: number } {
  const start = process.cpuUsage()
  const value = fn()
  const used = process.cpuUsage(start)
  return { value, ms: (used.user + used.system) / 1000 }
}
