import type { AreaKeys } from '../shared/i18n/areas'

/**
 * The CLI's exit codes: one table, printed by `--help` and written to docs/cli-reference.md, and the
 * one rule that maps the app's error kinds onto them (src/main/cli-exit.ts).
 */
export const EXIT = {
  ok: 0,
  refused: 1,
  badInput: 2,
  unreachable: 3,
  certificate: 4
} as const

export type ExitCode = (typeof EXIT)[keyof typeof EXIT]

/** A sentence of `--help` and `<channel> --help`: a message of the CLI's catalogue (messages/cli, `help.*`). */
export type HelpKey = Extract<AreaKeys['cli'], `help.${string}`>

/** What each code means, in the CLI's catalogue (`help.exit.*`). */
export const EXIT_CODE_WORDS: readonly [ExitCode, HelpKey][] = [
  [EXIT.ok, 'help.exit.ok'],
  [EXIT.refused, 'help.exit.refused'],
  [EXIT.badInput, 'help.exit.badInput'],
  [EXIT.unreachable, 'help.exit.unreachable'],
  [EXIT.certificate, 'help.exit.certificate']
]
