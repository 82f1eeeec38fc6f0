// Mutation testing of the modules that carry the guide's promises (`npm run test:mutation`, docs/testing.md).
// Each surviving mutant is either killed by a test or listed in docs/mutation-survivors.md with the reason
// it is left (equivalent, unreachable, or a gap and what would reach it). Runs are incremental: commit
// .stryker/incremental.json after a full run so the next run re-tests only what changed.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  checkers: ['typescript'],
  tsconfigFile: 'tsconfig.json',
  typescriptChecker: { prioritizePerformanceOverAccuracy: true },
  coverageAnalysis: 'perTest',
  // Module-level constants (schemas built once) would rerun every test per mutant: left out.
  ignoreStatic: true,
  incremental: true,
  incrementalFile: '.stryker/incremental.json',
  tempDirName: '.stryker/tmp',
  // Stryker gives the TypeScript checker half the slots, rounded up: 3 means two checkers and one test runner
  // until every mutant is checked, then three test runners (the checkers' slots handed over) on 2 cores.
  concurrency: 3,
  // Added to a mutant's measured test time: an infinite loop is cut after this (Stryker's default).
  timeoutMS: 5000,
  // The dry run executes every included test once for per-test coverage; a busy machine needs headroom.
  dryRunTimeoutMinutes: 15,
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: '.stryker/report.json' },
  thresholds: { high: 95, low: 90, break: 90 },
  mutate: [
    // Touch Pass purchase guard (never twice, never retried)
    'src/main/services/touch-passes/touch-pass-service.ts',
    // HTTP: retry policy (reads only), pagination, permission probe, TLS pinning
    'src/main/services/access/retry.ts',
    'src/main/services/access/pagination.ts',
    'src/main/services/access/permission-probe.ts',
    'src/main/services/access/tls-pinning.ts',
    // IPC sender check, web bridge
    'src/main/electron/ipc.ts',
    'src/web/server.ts',
    // Journal storage (batches, rosters, audit log): lazy load, replay, unreadable files, writes in order
    'src/main/services/storage/journal.ts',
    'src/main/services/storage/journal-directory.ts',
    'src/main/services/storage/write-lock.ts',
    // Batch model, upload
    'src/main/services/batches/batch-model.ts',
    'src/main/services/batches/upload.ts',
    // Connections and secrets
    'src/main/services/connections/connections.ts',
    'src/main/services/connections/secret-store.ts',
    // Visitor form schemas, CSV validation
    'src/shared/visitors/form.ts',
    'src/shared/visitors/schedule.ts',
    'src/main/services/batches/csv-validate.ts',
    'src/main/services/batches/csv-duplicates.ts'
  ]
}
