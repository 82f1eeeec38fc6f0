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

export const EXIT_CODE_LINES: readonly [ExitCode, string][] = [
  [EXIT.ok, 'ok: the result on stdout (JSON, or NDJSON with --stream)'],
  [
    EXIT.refused,
    'refused: the console said no (token, permission, not found, conflict...), or the data folder is in use'
  ],
  [EXIT.badInput, 'bad input: unknown channel or option, input not valid for the channel, no console configured'],
  [EXIT.unreachable, 'unreachable: no answer from the console (refused connection, timeout, answer lost)'],
  [EXIT.certificate, "certificate changed: the console's certificate is not the one trusted when it was added"]
]
