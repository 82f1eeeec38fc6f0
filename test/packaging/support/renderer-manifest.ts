import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/**
 * The built renderer's chunks as its build manifest lists them (out/renderer/.vite/manifest.json,
 * written by electron.vite.config.ts), and what a way into the app loads before its first paint:
 * its sources and every chunk they import statically, transitively. Chunks imported dynamically
 * (the other screens, the walk-in form) load later and are not part of it. The same walk as
 * bench/bundle-size.bench.ts, which prints the sizes.
 */
export interface ManifestChunk {
  file: string
  imports?: string[]
  dynamicImports?: string[]
}

export class RendererManifest {
  readonly chunks: Record<string, ManifestChunk>

  constructor(readonly dir: string) {
    this.chunks = JSON.parse(readFileSync(join(dir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>
  }

  /** The manifest key of a source ("TodayScreen.svelte" → "src/screens/TodayScreen.svelte"). */
  key(source: string): string {
    const found = Object.keys(this.chunks).find((k) => k === source || k.endsWith(`/${source}`))
    if (!found) throw new Error(`the build manifest has no chunk for ${source}`)
    return found
  }

  /**
   * The chunks loaded before the first paint, each with the chain of static imports that brings it
   * in (source first): what a failure names, so the next engineer sees which import to cut.
   */
  firstPaint(sources: string[]): Map<string, string[]> {
    const chains = new Map<string, string[]>()
    const queue = sources.map((s) => [this.key(s)])
    while (queue.length) {
      const chain = queue.shift()!
      const k = chain.at(-1)!
      if (chains.has(k)) continue
      chains.set(k, chain)
      for (const next of this.chunks[k]!.imports ?? []) queue.push([...chain, next])
    }
    return chains
  }

  /**
   * The source files a chunk holds, as paths from the repository's root ("src/renderer/src/App.svelte",
   * "node_modules/zod/…"): the renderer is minified, so the build lists them
   * (.vite/chunk-modules.json, written by electron.vite.config.ts).
   */
  modules(key: string): string[] {
    this.#modules ??= JSON.parse(readFileSync(join(this.dir, '.vite/chunk-modules.json'), 'utf8')) as Record<
      string,
      string[]
    >
    const list = this.#modules[this.chunks[key]!.file]
    if (!list) throw new Error(`.vite/chunk-modules.json lists no modules for ${this.chunks[key]!.file}`)
    return list
  }

  #modules: Record<string, string[]> | undefined

  text(key: string): string {
    return readFileSync(join(this.dir, this.chunks[key]!.file), 'utf8')
  }
}
