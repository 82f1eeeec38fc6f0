import { ArgsError } from '../cli/args'
import { readStdinText } from './cli-stdin'

/**
 * The CLI's API token: never on the command line, where any user of the machine reads it in the
 * process list while the call runs. It comes on standard input (`printf '%s' "$TOKEN" | access-desk …`), or,
 * at a terminal, typed at a prompt that does not echo it.
 */

/** The channels whose input holds an API token. */
export const TOKEN_CHANNELS: ReadonlySet<string> = new Set(['connections.save', 'connections.changeToken'])

/** More than any token (the contract allows 4,096 characters): stdin is not a file to slurp. */
const MAX_STDIN_BYTES = 64 * 1024

/** A token given on the command line (or none on stdin): how to give it instead. */
export function tokenInArgvError(channel: string): ArgsError {
  return new ArgsError('usage.tokenNotInArgv', { command: `printf '%s' "$TOKEN" | access-desk ${channel} '{…}'` })
}

/** The token from stdin, trimmed; '' when none was given (an empty line, or stdin at its end). */
export async function readToken(prompt: string): Promise<string> {
  const stdin = process.stdin
  return stdin.isTTY ? promptHidden(prompt) : readPiped()
}

async function readPiped(): Promise<string> {
  const text = await readStdinText(MAX_STDIN_BYTES, () => new ArgsError('usage.tokenTooLong'))
  return text.trim()
}

/** Read one line at the terminal without echoing it; Ctrl+C stops the CLI (exit 130). */
function promptHidden(prompt: string): Promise<string> {
  const stdin = process.stdin
  process.stderr.write(prompt)
  stdin.setRawMode(true)
  stdin.setEncoding('utf8')
  stdin.resume()
  let typed = ''
  return new Promise((resolve) => {
    const done = () => {
      stdin.setRawMode(false)
      stdin.pause()
      stdin.off('data', onData)
      process.stderr.write('\n')
    }
    const onData = (text: string) => {
      for (const char of text) {
        if (char === '\r' || char === '\n' || char === '\u0004') {
          done()
          resolve(typed.trim())
          return
        }
        if (char === '\u0003') {
          done()
          process.exit(130)
        }
        if (char === '\u007f' || char === '\b') typed = typed.slice(0, -1)
        else typed += char
      }
    }
    stdin.on('data', onData)
  })
}
