import '@testing-library/jest-dom/vitest'
import { afterAll } from 'vitest'
import { cleanup } from '@testing-library/svelte'
import { screenLoadsSettled } from '../../src/renderer/src/screens/screen-modules.svelte'

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
