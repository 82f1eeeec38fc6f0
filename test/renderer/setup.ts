import '@testing-library/jest-dom/vitest'
import { afterAll } from 'vitest'
import { cleanup, configure } from '@testing-library/svelte'
import { readdirSync } from 'node:fs'
import { screenLoadsSettled } from '../../src/renderer/src/screens/screen-modules.svelte'
import { loadWords } from '../../src/renderer/src/lib/i18n/area-words'
import type { Area } from '../../src/shared/i18n/areas'

// Every area's English loaded before a file mounts anything, as the desk loads a screen's words with its
// code (main.ts, screens/screen-modules): a component mounted on its own then reads whole at first
// render, as in the app. Another language loads when asked, as in the app.
await Promise.all(readdirSync('src/shared/i18n/messages').map((area) => loadWords(area as Area, 'en')))

// findBy…/waitFor wait up to 5 s, not testing-library's 1 s: a screen's words in another language are a chunk
// loaded on first use, which took over a second on a loaded 2-core machine (CI, or e2e running beside these
// files) while the screen was right. A wrong result still fails; speed is judged by bench/, not here.
configure({ asyncUtilTimeout: 5_000 })

// A desk left mounted keeps fetching screen chunks while idle, and App loads the batches store (tap
// routing) after mount; a module still loading when the file's environment is torn down fails the
// whole run ("Cannot load … after the environment was torn down"). Awaiting the same imports waits
// for a load in flight (or makes it now, before the teardown).
afterAll(async () => {
  cleanup()
  await screenLoadsSettled()
  await Promise.all([
    import('../../src/renderer/src/stores/batches.svelte'),
    import('../../src/renderer/src/stores/touch-passes.svelte'),
    import('../../src/renderer/src/stores/visitors.svelte')
  ])
})
