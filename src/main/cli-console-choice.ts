import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ArgsError } from '../cli/args'
import { AppError } from '../shared/errors'
import type { KeyValueStore } from './services/storage/key-value-store'
import { profilesFileSchema, type ProfileRecord } from './services/connections/profiles'

/**
 * Which console a CLI call talks to: `--console NAME` (a saved one, for this call only), else the
 * active one; the built-in demo console only with `--demo`, never by default — its made-up cards and
 * people must never pass for a real console's answers (a mistyped --data used to get them silently).
 * Decided from profiles.json before anything starts, so a refusal costs nothing and says what to do.
 */
export interface ConsoleChoice {
  /** `--console`: the profile this call uses, without changing the active one on disk. */
  activeId?: string
  /** `--demo`: the built-in demo console, saved consoles neither read nor changed. */
  demo: boolean
}

function readProfiles(dataDir: string): { profiles: ProfileRecord[]; activeId: string | null } {
  const path = join(dataDir, 'profiles.json')
  if (!existsSync(path)) return { profiles: [], activeId: null }
  const parsed = profilesFileSchema.safeParse(JSON.parse(readFileSync(path, 'utf8')))
  if (!parsed.success) throw new ArgsError('usage.profilesUnreadable', { path })
  return parsed.data
}

/** The consoles a person saved (the built-in demo console is not one of them). */
export const savedConsoles = (dataDir: string) => readProfiles(dataDir).profiles.filter((p) => !p.demo)

/**
 * No console saved in the folder: an error of the app's kind (validation, exit 2), so it is written as
 * JSON with its words in the shell's language like every other (cli-error-words.ts).
 */
export function noConsoleError(dataDir: string): AppError {
  return new AppError({
    kind: 'validation',
    code: 'NO_CONSOLE_IN_FOLDER',
    message: `No console is configured in ${dataDir}.`,
    hint:
      `Add one: access-desk connections.probe --url https://HOST:12445 (shows its certificate fingerprint), ` +
      `then: printf '%s' "$TOKEN" | access-desk connections.save --name NAME --url https://HOST:12445 --fingerprint256 …. ` +
      `Another folder? --data DIR. To try the app on made-up data: --demo.`,
    details: { folder: dataDir }
  })
}

const names = (profiles: ProfileRecord[]) => profiles.map((p) => `"${p.name}"`).join(', ')

/** The console for this call, or an ArgsError (exit 2) saying how to choose one. */
export function chooseConsole(options: {
  dataDir: string
  console?: string
  demo: boolean
  /** app.* and connections.*: they manage the consoles, and work with none configured. */
  needsConsole: boolean
}): ConsoleChoice {
  if (options.demo && options.console !== undefined) {
    throw new ArgsError('usage.demoAndConsole')
  }
  if (options.demo) return { demo: true }
  const file = readProfiles(options.dataDir)
  const saved = file.profiles.filter((p) => !p.demo)
  if (options.console !== undefined) {
    const wanted = options.console.trim().toLowerCase()
    const match = file.profiles.find((p) => p.id === options.console || p.name.trim().toLowerCase() === wanted)
    if (match?.demo) throw new ArgsError('usage.consoleIsDemo', { name: match.name })
    if (!match) {
      if (!saved.length) throw noConsoleError(options.dataDir)
      throw new ArgsError('usage.noConsoleNamed', { name: options.console, saved: names(saved) })
    }
    return { activeId: match.id, demo: false }
  }
  if (!options.needsConsole) return { demo: false }
  if (saved.length === 0) throw noConsoleError(options.dataDir)
  const active = file.profiles.find((p) => p.id === file.activeId)
  if (active?.demo) {
    throw new ArgsError('usage.activeIsDemo', { folder: options.dataDir, saved: names(saved) })
  }
  if (!active) {
    throw new ArgsError('usage.noActiveConsole', { folder: options.dataDir, saved: names(saved) })
  }
  return { demo: false }
}

/**
 * The settings store as this call sees it: `--console` answers its profile as the active one until
 * the call itself selects another (connections.select still saves); `--demo` sees only the built-in
 * demo console's profile, kept in memory, so the saved consoles are untouched. Other keys pass through.
 */
export function storeFor(choice: ConsoleChoice, inner: KeyValueStore): KeyValueStore {
  const own = new Map<string, unknown>()
  if (choice.demo) {
    const profiles = readProfilesOf(inner).filter((p) => p.demo)
    own.set('profiles', profiles)
    own.set('activeId', profiles[0]?.id ?? null)
  } else if (choice.activeId) {
    own.set('activeId', choice.activeId)
  }
  const kept = (key: string) => own.has(key)
  return {
    get: (key) => (kept(key) ? own.get(key) : inner.get(key)),
    set: (key, value) => {
      // --console: a select made by the call itself is saved, and read back from now on.
      if (!choice.demo && key === 'activeId') own.delete(key)
      if (kept(key)) own.set(key, value)
      else inner.set(key, value)
    },
    all: () => ({ ...inner.all(), ...Object.fromEntries(own) })
  }
}

function readProfilesOf(store: KeyValueStore): ProfileRecord[] {
  const parsed = profilesFileSchema.safeParse({ profiles: store.get('profiles') ?? [], activeId: null })
  return parsed.success ? parsed.data.profiles : []
}
