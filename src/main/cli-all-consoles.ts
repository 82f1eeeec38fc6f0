import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { CatalogChannel } from '../cli/catalog-types'
import { EXIT, type ExitCode } from '../cli/exit-codes'
import { createAppServices } from './services/app-services'
import { createFileSecretStore, type SecretStore } from './services/connections/secret-store'
import type { ProfileRecord } from './services/connections/profiles'
import type { KeyValueStore } from './services/storage/key-value-store'
import { eachConsole, type ConsoleOutcome } from './services/fleet/each-console'
import { noConsoleError, savedConsoles } from './cli-console-choice'
import { exitCodeOf } from './cli-exit'
import { json, line, type Out } from './cli-output'
import { callChannel } from './cli-stream'
import { errorForCli } from './cli-error-words'
import type { Language } from '../shared/i18n/locales'

/**
 * `--all-consoles`: one read channel on every saved console at once (eachConsole: a time limit per
 * console, a slow or dead one delaying no other). Each console gets its own services, over a
 * scratch folder with that one profile as the active one, its token read from the data folder's
 * token file: the data folder itself is only read (its lock is not taken), and the handlers are the
 * app's own, unchanged. JSON: `[{console, ok, result | error}]` in the saved order once all are in;
 * NDJSON (`--stream`): `{console, ok: true, item}` a line per item as each console's items come,
 * `{console, ok: false, error}` for a console that failed.
 * Exit code: 0 when every console answered, else that of the first console (in saved order) that did not.
 * Each console's error is written as a single console's is (cli-error-words.ts errorForCli): main's
 * English JSON, and in a German, French or Spanish shell its words in that language as `said`.
 */
export async function runAllConsoles(options: {
  dataDir: string
  channel: CatalogChannel
  input: unknown
  version: string
  stream: boolean
  timeoutMs: number
  out: Out
  /** The shell's language (cli-language.ts): each console's error is said in it too. */
  language: Language
}): Promise<ExitCode> {
  const profiles = savedConsoles(options.dataDir)
  if (profiles.length === 0) throw noConsoleError(options.dataDir)
  const tokens = createFileSecretStore(options.dataDir)
  // One scratch folder for all, removed at the end: a console past its time may still be closing.
  const scratch = await mkdtemp(join(tmpdir(), 'access-desk-cli-'))
  try {
    return await eachSaved(profiles, tokens, scratch, options)
  } finally {
    await rm(scratch, { recursive: true, force: true })
  }
}

async function eachSaved(
  profiles: ProfileRecord[],
  tokens: SecretStore,
  scratch: string,
  options: Parameters<typeof runAllConsoles>[0]
): Promise<ExitCode> {
  const outcomes: ConsoleOutcome<ProfileRecord, unknown>[] = []
  const run = (profile: ProfileRecord, signal: AbortSignal) =>
    onConsole(profile, tokens, join(scratch, String(profiles.indexOf(profile))), options, signal, (item) =>
      options.out.write(line({ console: profile.name, ok: true, item }))
    )
  for await (const outcome of eachConsole(profiles, run, { timeoutMs: options.timeoutMs })) {
    outcomes.push(outcome)
    if (options.stream && !outcome.ok)
      await options.out.write(
        line({ console: outcome.console.name, ok: false, error: errorForCli(outcome.error, options.language) })
      )
  }
  const inOrder = profiles.map((p) => outcomes.find((o) => o.console === p)!)
  if (!options.stream) {
    await options.out.write(
      json(
        inOrder.map((o) =>
          o.ok
            ? { console: o.console.name, ok: true, result: o.result }
            : { console: o.console.name, ok: false, error: errorForCli(o.error, options.language) }
        )
      )
    )
  }
  const failed = inOrder.find((o) => !o.ok)
  return failed && !failed.ok ? exitCodeOf(failed.error) : EXIT.ok
}

async function onConsole(
  profile: ProfileRecord,
  tokens: SecretStore,
  scratch: string,
  options: { channel: CatalogChannel; input: unknown; version: string; stream: boolean },
  signal: AbortSignal,
  emit: (item: unknown) => Promise<void>
): Promise<unknown> {
  const services = await createAppServices({
    dataDir: scratch,
    transport: 'cli',
    version: options.version,
    store: oneProfileStore(profile),
    secrets: readOnly(tokens),
    startDemoConsole: () => Promise.reject(new Error('not with --all-consoles')),
    demoOnFirstStart: false
  })
  // Its time is up: its client is closed (the request in flight ends), its outcome already said.
  const stop = () => void services.connections.close()
  signal.addEventListener('abort', stop, { once: true })
  try {
    const stream = (item: unknown) => (signal.aborted ? Promise.resolve() : emit(item))
    return await callChannel(services, options.channel, options.input, options.stream ? stream : undefined)
  } finally {
    signal.removeEventListener('abort', stop)
    await services.close().catch(() => undefined)
  }
}

/** Settings with this one profile, active; nothing written goes anywhere but here. */
function oneProfileStore(profile: ProfileRecord): KeyValueStore {
  const data = new Map<string, unknown>([
    ['profiles', [profile]],
    ['activeId', profile.id]
  ])
  return {
    get: (key) => data.get(key),
    set: (key, value) => void data.set(key, value),
    all: () => Object.fromEntries(data)
  }
}

function readOnly(tokens: SecretStore): SecretStore {
  const refuse = () => Promise.reject(new Error('--all-consoles changes no token'))
  return { get: (id) => tokens.get(id), set: refuse, delete: refuse }
}
