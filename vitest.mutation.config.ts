import { defineConfig } from 'vitest/config'

/**
 * The tests mutation testing runs against each mutant: the unit project only (services, client,
 * demo console over real HTTPS, web bridge, IPC binding). Chromium and pcscd suites are left out: a
 * mutant must be judged in seconds, and the rules under mutation are all reached from unit tests.
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: ['test/unit/**/*.test.ts'],
    // Child-process tests run the unmutated source in another process: they cannot kill a mutant.
    exclude: ['test/unit/batches/crash.test.ts', 'test/unit/durability/**', 'test/unit/cli/**'],
    testTimeout: 20_000,
    server: { deps: { inline: ['electron-store'] } }
  }
})
