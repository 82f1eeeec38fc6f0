import '@testing-library/jest-dom/vitest'
import { afterAll } from 'vitest'
import { cleanup } from '@testing-library/svelte'
import { screenLoadsSettled } from '../../src/renderer/src/screens/screen-modules.svelte'

// A desk left mounted keeps fetching screen chunks while idle; one still loading when the file's
// environment is torn down fails the whole run ("Cannot load … after the environment was torn down").
afterAll(async () => {
  cleanup()
  await screenLoadsSettled()
})
