import { defineConfig } from 'vitest/config'

/**
 * The tests mutation testing runs against each mutant: the focused unit tests of the modules under
 * mutation (each listed with the module it guards). Every test here runs once in the dry run and again for
 * each mutant it covers, so the list holds the tests written to judge these rules, not every test that
 * happens to pass through them (the client's tests against the demo console, the fuzz test of the web
 * bridge, the Chromium and pcscd suites): a mutant is judged in seconds on 2 cores, and a timing-sensitive
 * test elsewhere cannot break the run. Fewer tests can only lower the score.
 */
export default defineConfig({
  test: {
    environment: 'node',
    include: [
      // retry policy, permission probe, pagination, TLS pinning
      'test/unit/access/{retry,permission-probe,pagination,pagination-rules,pagination-growing,tls-pinning,network-words}.test.ts',
      // IPC sender check
      'test/unit/electron/{ipc-sender,wiring}.test.ts',
      // web bridge
      'test/unit/web/{bridge,bridge-handshake,server-files}.test.ts',
      // journal storage (journal, journal folder, write lock), batch model, upload, CSV validation and duplicates
      'test/unit/storage/journal-directory.test.ts',
      'test/unit/batches/{journal,journal-sync-order,journal-short-write,journal-replaced}.test.ts',
      'test/unit/batches/{batch-model,batch-service,duplicate-scan}.test.ts',
      'test/unit/batches/{upload,upload-answer,upload-journal,upload-no-answer,upload-refused,retry-failed}.test.ts',
      'test/unit/batches/{csv-validate,csv-validate-bad-input,csv-validate-rows,csv-duplicates,duplicate-finder}.test.ts',
      // connections and secrets
      'test/unit/connections/*.test.ts',
      'test/unit/electron/token-file-mode.test.ts',
      // Touch Pass purchase guard
      'test/unit/touch-passes/*.test.ts',
      // visitor form schemas
      'test/unit/visitors/*.test.ts'
    ],
    // Instrumented code under per-test coverage runs several times slower than in `npm test`.
    testTimeout: 60_000,
    hookTimeout: 60_000,
    server: { deps: { inline: ['electron-store'] } }
  }
})
