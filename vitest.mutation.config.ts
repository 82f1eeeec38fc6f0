import { defineConfig } from 'vitest/config'

/**
 * The tests mutation testing runs against each mutant: the unit tests of the rooms that hold the modules
 * under mutation (access client, batches, connections, Electron wiring, IPC binding, web bridge, Touch
 * Pass purchase, visitor forms). Chromium and pcscd suites, and unit rooms that reach none of those
 * modules' rules (reader, enrollment, badges, demo console), are left out: every test here runs once in
 * the dry run and again for each mutant it covers, so a mutant is judged in seconds on 2 cores, and a
 * timing-sensitive test elsewhere cannot break the run. Fewer tests can only lower the score.
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: [
      'test/unit/{access,batches,connections,electron,ipc,web,touch-passes,visitors}/**/*.test.ts'
    ],
    // Child-process tests run the unmutated source in another process: they cannot kill a mutant.
    exclude: ['test/unit/batches/crash.test.ts'],
    testTimeout: 20_000,
    server: { deps: { inline: ['electron-store'] } }
  }
})
