import { defineConfig } from 'vitest/config'
import { svelte } from '@sveltejs/vite-plugin-svelte'
import { svelteTesting } from '@testing-library/svelte/vite'
import { availableParallelism } from 'node:os'

// Every answer and event parsed against the contract while tests run (src/main/services/ipc/contract-check.ts);
// the processes tests start inherit it.
const env = { ACCESS_DESK_CONTRACT_CHECK: '1' }
// The unit and packaging files read what the app and the CLI say in English unless a test names its language:
// the shell's locale (a German developer's LANG) is not theirs. A test of the shell's language sets these itself.
const englishShell = { ...env, LANG: 'C.UTF-8', LC_ALL: '', LC_MESSAGES: '' }

// The end-to-end and reader projects: a whole job per test, and files one after another. Chromium is
// started once per project and run (test/support/chromium-server.ts); each file opens its own context on it.
const oneFileAtATime = {
  testTimeout: 90_000,
  hookTimeout: 60_000,
  fileParallelism: false,
  globalSetup: ['test/support/chromium-server.ts']
}
// The unit and renderer files run two (or more) at a time even on 2 cores: Vitest's default is one worker fewer
// than the cores, which on CI's 2 cores ran the whole suite one file after another (~33 minutes). Those files
// wait on sockets, child processes and fsync as much as they compute, so a second worker nearly halves their time.
// Both projects share one group, so they share the same count (Vitest requires it).
const twoOrMoreAtATime = { maxWorkers: Math.max(2, availableParallelism()) }
// End-to-end tests that use the reader: they run in the pcsc project, not the e2e one.
const e2eWithPcscd = [
  'test/e2e/import.e2e.test.ts',
  'test/e2e/job-installer-reader.e2e.test.ts',
  'test/e2e/main-restart.e2e.test.ts'
]

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          env: englishShell,
          ...twoOrMoreAtATime,
          environment: 'node',
          include: ['test/unit/**/*.test.ts'],
          testTimeout: 20_000,
          // electron-store imports electron itself: inline it so it sees the wiring tests' mock.
          server: { deps: { inline: ['electron-store'] } }
        }
      },
      {
        plugins: [svelte({ configFile: false }), svelteTesting()],
        test: {
          name: 'renderer',
          env,
          ...twoOrMoreAtATime,
          environment: 'jsdom',
          include: ['test/renderer/**/*.test.ts'],
          // Two files at a time on 2 cores halve each file's CPU: a screen test that takes 1 s alone must not fail
          // at Vitest's 5 s default when CI is busy. A wrong result still fails; speed is judged by bench/.
          testTimeout: 20_000,
          hookTimeout: 30_000,
          setupFiles: ['test/renderer/setup.ts']
        }
      },
      {
        test: {
          name: 'e2e',
          env,
          environment: 'node',
          include: ['test/e2e/**/*.e2e.test.ts'],
          // Those needing pcscd, of which one runs per machine, run in the pcsc project's sequence.
          exclude: e2eWithPcscd,
          // A screen waited for in Chromium answers within a frame or two on an idle machine, but a loaded
          // 2-core machine (CI, or a run beside other work) has taken over a second to paint a typed row:
          // expect.poll's 1 s default failed such a wait while the app was right. A wrong result still
          // fails, 10 s later; speed is judged by bench/, never by a test's wait.
          expect: { poll: { timeout: 10_000 } },
          // One browser and one web-mode server at a time: 2 cores.
          ...oneFileAtATime,
          // The files run one after another in one worker that keeps what it imported: Playwright, the
          // support code and the app's shared modules are loaded once per run, not once per file (~4 s of
          // each file on a loaded 2-core machine). A file's own state is in its describe block; what it
          // starts (web mode, its browser context) it stops in afterAll.
          isolate: false,
          // Vitest runs a project of one worker that keeps its imports in a group of its own: after the unit
          // and renderer files, as the files of one worker at a time always ran (Vitest puts those last).
          sequence: { groupOrder: 1 }
        }
      },
      {
        test: {
          name: 'packaging',
          env: englishShell,
          environment: 'node',
          include: ['test/packaging/**/*.test.ts'],
          // electron-builder packs the app once per file (~20 s on 2 cores).
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false
        }
      },
      {
        test: {
          name: 'pcsc',
          env,
          environment: 'node',
          include: ['test/pcsc/**/*.test.ts', ...e2eWithPcscd],
          // As the e2e project's (those e2e files run here).
          expect: { poll: { timeout: 10_000 } },
          // Only one pcscd can run on a machine: these files run one after another.
          ...oneFileAtATime
        }
      }
    ]
  }
})
