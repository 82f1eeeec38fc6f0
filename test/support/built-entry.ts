import { buildNeeded } from '../../scripts/build-stamp.mjs'

const root = process.cwd()

/**
 * The Node arguments that run web mode or the CLI as `npm start`/`npm run cli` do: the built
 * bundle (out/main/<name>.js) when out/ was built from the sources as they are (`npm test` builds
 * first), else the sources through tsx, so a test never runs code older than the tree it tests.
 */
export function entryArgs(name: 'web' | 'cli'): string[] {
  if (!buildNeeded(root)) return [`out/main/${name}.js`]
  return ['--import', 'tsx', name === 'web' ? 'src/web/main.ts' : 'src/main/cli.ts']
}
