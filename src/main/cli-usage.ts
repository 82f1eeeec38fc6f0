import { channels } from '../shared/ipc/contract'

/** What `cli --help` prints: how to call, the channels, how to give input, the exit codes. */
export function usage(): string {
  const names = Object.keys(channels)
  const lines: string[] = []
  let line = ' '
  for (const name of names) {
    if (line.length + name.length + 1 > 100) {
      lines.push(line)
      line = ' '
    }
    line += ' ' + name
  }
  lines.push(line)
  return `Access Desk CLI: call a channel of the app through the same handlers as the app.

Usage:
  npm run -s cli -- [--data DIR] <channel> ['<json input>']
  npm run -s cli -- channels       every channel with its input and output as JSON Schema
  npm run -s cli -- --help         this text (also -h, help)

Channels:
${lines.join('\n')}

Input: one JSON argument, e.g. connections.select '{"id":"…"}'. The API token of connections.save and
connections.changeToken is never an argument: give it on standard input, e.g.
  printf '%s' "$TOKEN" | npm run -s cli -- connections.changeToken '{"id":"…"}'
(at a terminal the CLI asks for it without showing it; for connections.save, nothing keeps the stored token).

Data: --data DIR, default $ACCESS_DESK_DATA or ~/.config/access-desk-node. One process uses a data folder at
a time: while the app or web mode has it open, the CLI refuses and says which process holds it. With no console
configured in it, the built-in demo console answers (the CLI says so on stderr).

Exit codes:
  0  the result, as JSON on stdout
  1  the channel's error (or the data folder in use), as JSON on stderr
  2  a usage error: no channel, input that is not JSON, a token given as an argument
`
}
