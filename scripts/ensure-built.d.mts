// Types of ensure-built.mjs for the benchmarks (the scripts themselves run as plain Node).
export function ensureBuilt(
  root: string,
  say: (line: string) => void,
  options?: { quietWhenUnchanged?: boolean }
): number
