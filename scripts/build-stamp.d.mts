// Types of build-stamp.mjs for electron.vite.config.ts and the tests (the scripts themselves run as plain Node).
export interface Stamp {
  startedAt: number
  inputs: string
}
export const BUILT_OUTPUTS: string[]
export function stampPath(root: string): string
export function readInputs(root: string): string
export function beginStamp(root: string): Stamp
export function writeStamp(root: string, stamp: Stamp): void
export function buildNeeded(root: string): string | undefined
