import type { Plugin } from 'vite'

/** Writes out/main/cli-catalog.json from the built cli-catalog entry after each main build. */
export function cliCatalog(root: string): Plugin
