import { describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { ArgsError, parseArgs } from '../../../src/cli/args'
import { buildCatalog } from '../../../src/cli/catalog'
import { CONSOLE_READS } from '../../../src/cli/read-channels'
import { EXIT } from '../../../src/cli/exit-codes'
import { channelInput } from '../../../src/main/cli-input'
import { usageWords } from '../../../src/main/cli-usage-words'
import { exitCodeOf } from '../../../src/main/cli-exit'
import { channelNames } from '../../../src/shared/ipc/contract'
import type { AppErrorData } from '../../../src/shared/errors'

const { version } = JSON.parse(readFileSync(join(process.cwd(), 'package.json'), 'utf8')) as { version: string }
const catalog = buildCatalog(version)
const channel = (name: string) => catalog.channels.find((c) => c.name === name)!

/** The input a command line gives a channel (stdin: `stdin`). */
function inputOf(argv: string[], stdin = '') {
  const args = parseArgs(argv)
  return channelInput(args, channel(args.command!), () => Promise.resolve(stdin))
}

describe('cli input: --field value options typed by the channel schema', () => {
  it('types numbers, booleans (alone, =false, --no-) and repeated arrays; nests dotted names', async () => {
    expect(await inputOf(['users.list', '--page', '2', '--pageSize', '50'])).toEqual({ page: 2, pageSize: 50 })
    expect(
      await inputOf(['cards.assign', '--token', 'T1', '--owner.type', 'user', '--owner.id', 'U1', '--force'])
    ).toEqual({ token: 'T1', owner: { type: 'user', id: 'U1' }, force: true })
    expect(await inputOf(['cards.assign', '--token', 'T1', '--no-force'])).toEqual({ token: 'T1', force: false })
    expect(await inputOf(['cards.assign', '--token=T1', '--force=false'])).toEqual({ token: 'T1', force: false })
    // Arrays by repeating the option; an array of objects takes each as JSON.
    const rows = await inputOf(['batches.deleteRow', '--batchId', 'B', '--rowIds', 'r1', '--rowIds', 'r2'])
    expect(rows).toMatchObject({ batchId: 'B', rowIds: ['r1', 'r2'] })
    const users = await inputOf(['touchPasses.assignToUsers', '--users', '{"id":"a"}', '--users', '{"id":"b"}'])
    expect(users).toEqual({ users: [{ id: 'a' }, { id: 'b' }] })
  })

  it('lays options over a JSON argument or JSON on standard input (-)', async () => {
    expect(await inputOf(['users.list', '{"page":3}', '--pageSize', '7'])).toEqual({ page: 3, pageSize: 7 })
    expect(await inputOf(['users.list', '-'], '{"page":4}')).toEqual({ page: 4 })
    // A switch followed by the JSON: the JSON is the input, not the switch's value.
    expect(await inputOf(['cards.assign', '--force', '{"token":"T"}'])).toEqual({ token: 'T', force: true })
    // None given: an object input with its defaults, a channel that takes none gets none.
    expect(await inputOf(['visitors.list'])).toEqual({})
    expect(await inputOf(['pins.generate'])).toBeUndefined()
  })

  it('says what is wrong with an option, in words', async () => {
    /** The usage error a command line's input gives, as an English shell reads it. */
    const said = (input: Promise<unknown>) =>
      input.then(
        () => 'no error',
        (err: unknown) => (err instanceof ArgsError ? usageWords(err, 'en') : String(err))
      )
    expect(await said(inputOf(['users.list', '--page', 'two']))).toBe('--page takes a number, got "two".\n')
    expect(await said(inputOf(['users.list', '--pgae', '2']))).toMatch(
      /^users\.list has no field --pgae\. Its fields: --page, --pageSize\./
    )
    expect(await said(inputOf(['cards.get', '{token']))).toMatch(/^The input as the argument is not JSON/)
    expect(await said(inputOf(['cards.get', 'a', 'b']))).toMatch(/takes one JSON input, got 2 words/)
    await expect(inputOf(['users.list', '[1]', '--page', '2'])).rejects.toBeInstanceOf(ArgsError)
    expect(() => parseArgs(['users.list', '--console'])).toThrow(ArgsError)
    await expect(said(Promise.resolve().then(() => parseArgs(['users.list', '--console'])))).resolves.toMatch(
      /^--console needs a value/
    )
  })
})

describe('cli exit codes: one mapping from the app error kinds', () => {
  const error = (kind: AppErrorData['kind'], code?: string, details?: Record<string, unknown>): AppErrorData => ({
    kind,
    message: 'x',
    retryable: false,
    ...(code ? { code } : {}),
    ...(details ? { details } : {})
  })

  it('maps refusals to 1, input to 2, no answer to 3, the certificate to 4', () => {
    expect(exitCodeOf(error('not-found', 'CODE_RESOURCE_NOT_FOUND'))).toBe(EXIT.refused)
    expect(exitCodeOf(error('auth', 'CODE_ACCESS_TOKEN_INVALID'))).toBe(EXIT.refused)
    expect(exitCodeOf(error('permission', 'CODE_UNAUTHORIZED'))).toBe(EXIT.refused)
    expect(exitCodeOf(error('storage', 'DATA_DIR_IN_USE'))).toBe(EXIT.refused)
    // The console's own refusal of a request is 1; the app's check of the input before sending is 2.
    expect(exitCodeOf(error('validation', 'CODE_PARAMS_INVALID'))).toBe(EXIT.refused)
    expect(exitCodeOf(error('validation', 'HTTP_400'))).toBe(EXIT.refused)
    expect(exitCodeOf(error('validation', 'INVALID_INPUT'))).toBe(EXIT.badInput)
    expect(exitCodeOf(error('validation', 'NO_CONNECTION'))).toBe(EXIT.badInput)
    expect(exitCodeOf(error('network', 'ECONNREFUSED'))).toBe(EXIT.unreachable)
    expect(exitCodeOf(error('network', 'TIMEOUT'))).toBe(EXIT.unreachable)
    // A proxy's 502 in place of the answer: the answer was lost (access/lost-answer.ts).
    expect(exitCodeOf(error('server', 'HTTP_502'))).toBe(EXIT.unreachable)
    expect(exitCodeOf(error('server', 'CODE_SYSTEM_ERROR'))).toBe(EXIT.refused)
    expect(exitCodeOf(error('tls', 'CERTIFICATE_CHANGED'))).toBe(EXIT.certificate)
  })

  it('--all-consoles reads are channels of the contract', () => {
    for (const name of CONSOLE_READS) expect(channelNames).toContain(name)
  })
})
