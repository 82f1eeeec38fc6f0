import { relative, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'electron-vite'
import { svelte } from '@sveltejs/vite-plugin-svelte'
import { parse as parseMessage } from '@formatjs/icu-messageformat-parser'
import { beginStamp, writeStamp, type Stamp } from './scripts/build-stamp.mjs'
import { cliCatalog } from './scripts/cli-catalog-plugin.mjs'
import { channelNames } from './src/shared/ipc/contract'

const root = fileURLToPath(new URL('.', import.meta.url))

/**
 * Records what this build was built from (scripts/build-stamp.mjs): `npm start` and `npm run cli`
 * then build only when the sources changed. The inputs are read as the build starts (a file edited
 * during the build makes the next start build again).
 */
function buildStamp() {
  let stamp: Stamp | undefined
  return {
    name: 'access-desk-build-stamp',
    buildStart() {
      stamp = beginStamp(root)
    },
    writeBundle() {
      if (stamp) writeStamp(root, stamp)
    }
  }
}

/**
 * The renderer's message catalogues arrive parsed (ICU MessageFormat → its element tree) at build
 * time, so the tab ships no message parser: intl-messageformat formats a parsed message as it is, and
 * the parser is aliased to its no-parser build (~20 kB gzip less before the kiosk's first paint).
 * Main and the tests read the same JSON as text and parse it at run time.
 */
function precompiledMessages() {
  return {
    name: 'access-desk-precompiled-messages',
    enforce: 'pre' as const,
    transform(code: string, id: string) {
      if (!/[\\/]src[\\/]shared[\\/]i18n[\\/]messages[\\/][^\\/]+[\\/][^\\/]+\.json$/.test(id)) return null
      const messages = JSON.parse(code) as Record<string, string>
      const parsed = Object.fromEntries(Object.entries(messages).map(([key, text]) => [key, parseMessage(text)]))
      return { code: JSON.stringify(parsed), map: null }
    }
  }
}

/**
 * Which source files each renderer chunk holds, written beside the build manifest
 * (out/renderer/.vite/chunk-modules.json: chunk file → paths from the repository's root). The renderer
 * is minified, so a chunk's text no longer names its files; the packaging tests read this to check what
 * a first paint loads (test/packaging/support/renderer-manifest.ts).
 */
function chunkModules() {
  return {
    name: 'access-desk-chunk-modules',
    generateBundle(
      this: { emitFile(file: { type: 'asset'; fileName: string; source: string }): string },
      _options: unknown,
      bundle: Record<string, { type: string; moduleIds?: string[] }>
    ) {
      const modules: Record<string, string[]> = {}
      for (const [file, output] of Object.entries(bundle)) {
        if (output.type !== 'chunk') continue
        modules[file] = (output.moduleIds ?? [])
          .filter((id) => !id.startsWith('\0'))
          .map((id) => relative(root, id.split('?')[0]!).split(sep).join('/'))
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-modules.json', source: JSON.stringify(modules, null, 1) })
    }
  }
}

/**
 * Chromium's compile hint (Chromium 136+, Electron 36+) as the first line of every renderer chunk: the
 * screens' code is compiled while the script loads, off the main thread, instead of function by
 * function on first use (opening a screen the first time no longer waits for that). V8 reads the
 * comment only before any code, and vite writes its preload map (`__vite__mapDeps`) at the top of a
 * chunk that imports others, after rolldown's banner and minifier: so it is added last.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad'
function compileHint() {
  return {
    name: 'access-desk-compile-hint',
    generateBundle: {
      order: 'post' as const,
      handler(_options: unknown, bundle: Record<string, { type: string; code?: string }>) {
        for (const output of Object.values(bundle))
          if (output.type === 'chunk' && !output.code!.startsWith(COMPILE_HINT))
            output.code = `${COMPILE_HINT}\n${output.code}`
      }
    }
  }
}

export default defineConfig({
  main: {
    plugins: [buildStamp(), cliCatalog(root)],
    build: {
      rollupOptions: {
        input: {
          index: resolve(root, 'src/main/index.ts'),
          'reader-host': resolve(root, 'src/main/services/reader/host.ts'),
          // Web mode and the CLI as plain Node entry points: `npm start`/`npm run web`/`npm run cli` run
          // these (scripts/start.mjs, scripts/cli.mjs), not the TypeScript through a loader.
          web: resolve(root, 'src/web/main.ts'),
          cli: resolve(root, 'src/main/cli.ts'),
          // The installed `access-desk` command (package.json bin) and the catalog its help is printed
          // from (scripts/cli-catalog-plugin.mjs writes cli-catalog.json from it after the build).
          'access-desk': resolve(root, 'src/cli/access-desk.ts'),
          'cli-catalog': resolve(root, 'src/cli/catalog.ts')
        },
        // Loaded at run time only where present (optional dependency, native addon).
        external: ['nfc-pcsc'],
        // The entries share chunks now: kept next to them (not in chunks/), since the reader host is
        // found as `reader-host.js` beside the module that forks it (src/main/services/reader/fork-node.ts).
        output: { chunkFileNames: '[name]-[hash].js' }
      }
    }
  },
  preload: {
    build: {
      rollupOptions: {
        input: { index: resolve(root, 'src/preload/index.ts') },
        // A sandboxed preload cannot be an ES module: one CommonJS file, electron its only import.
        output: { format: 'cjs', entryFileNames: '[name].cjs', codeSplitting: false }
      },
      externalizeDeps: false
    }
  },
  renderer: {
    root: resolve(root, 'src/renderer'),
    plugins: [svelte({ configFile: false }), precompiledMessages(), chunkModules(), compileHint()],
    resolve: {
      alias: [
        {
          find: /^@formatjs\/icu-messageformat-parser$/,
          replacement: '@formatjs/icu-messageformat-parser/no-parser.js'
        }
      ]
    },
    // The web bridge calls channels by name without loading the contract's schemas (src/web/bridge-client.ts).
    define: { __ACCESS_DESK_CHANNELS__: JSON.stringify(channelNames) },
    build: {
      // electron-vite leaves the renderer unminified by default; minified, the first screen loads about half the
      // JavaScript (bench/bundle-size.bench.ts). The compile hint is added after (compileHint).
      minify: true,
      // out/renderer/.vite/manifest.json: which chunks each entry and screen loads (bench/bundle-size.bench.ts).
      manifest: true,
      rollupOptions: {
        input: {
          index: resolve(root, 'src/renderer/index.html'),
          // Web mode only: installs window.api over the authenticated WebSocket (see src/web).
          'web-bridge': resolve(root, 'src/web/bridge-client.ts')
        },
        output: {
          entryFileNames: (chunk) => (chunk.name === 'web-bridge' ? 'web-bridge.js' : 'assets/[name]-[hash].js')
        }
      }
    }
  }
})
