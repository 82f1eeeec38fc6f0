import { dateTimeFormat } from '../shared/format/formats'
import { cliWords } from '../shared/i18n/file-words'
import type { AreaKeys } from '../shared/i18n/areas'
import type { Language } from '../shared/i18n/locales'
import { personName } from '../shared/person-name'

/**
 * What the CLI writes: JSON (the default), NDJSON a line at a time as items come (`--stream`), or a
 * table of people (`--table`). Each write waits for the pipe to take it (backpressure), so 20,000
 * cards into a slow `jq` hold one page in memory, not the whole list.
 */
export interface Out {
  /** Write text; resolves once the stream can take more (a pipe whose reader is slow waits here). */
  write(text: string): Promise<void>
  /**
   * The reader closed its end (`| head -n 1` had its line): every write since fails, so the call
   * stops; what it did not take was not wanted, which is no failure (exit 0, nothing said).
   */
  readonly readerGone: boolean
}

export function outOf(stream: NodeJS.WritableStream): Out {
  let readerGone = false
  const gone = () => new Error('The reader of the output closed it.')
  // A closed reader fails the next write with EPIPE, also emitted as 'error': unheard, that ended
  // the command with a stack. Heard here; the write's own callback rejects the write.
  stream.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code === 'EPIPE') readerGone = true
  })
  // One wait for room, shared by every writer waiting (--all-consoles writes for many consoles at
  // once: a listener each went past Node's limit of 10 and printed a warning). A stream closed
  // (reader gone) ends the wait too: no drain comes after it.
  let room: Promise<void> | undefined
  const roomAgain = () =>
    (room ??= new Promise<void>((resolve) => {
      const done = () => {
        room = undefined
        stream.off('drain', done)
        stream.off('close', done)
        resolve()
      }
      stream.on('drain', done)
      stream.on('close', done)
    }))
  return {
    get readerGone() {
      return readerGone
    },
    write: (text) =>
      new Promise<void>((resolve, reject) => {
        if (readerGone) return reject(gone())
        const more = stream.write(text, (err) => (err ? reject(err) : undefined))
        if (more) resolve()
        else void roomAgain().then(() => (readerGone ? reject(gone()) : resolve()))
      })
  }
}

export const json = (value: unknown) => JSON.stringify(value, null, 2) + '\n'
export const line = (value: unknown) => JSON.stringify(value) + '\n'

/**
 * The people channels `--table` prints, and their columns (a column is shown when a row has it),
 * each titled by its catalogue key (messages/cli): the headers are in the CLI's language.
 */
const named = (r: Record<string, unknown>) => ({
  full_name: str(r['full_name']),
  first_name: str(r['first_name']),
  last_name: str(r['last_name'])
})
const PEOPLE_COLUMNS: Record<string, [AreaKeys['cli'], (row: Record<string, unknown>) => unknown][]> = {
  users: [
    ['table.name', (r) => personName(named(r))],
    ['table.email', (r) => r['user_email'] || r['email']],
    ['table.employeeNumber', (r) => r['employee_number']],
    ['table.status', (r) => r['status']],
    ['table.id', (r) => r['id']]
  ],
  visitors: [
    ['table.name', (r) => personName(named(r))],
    ['table.status', (r) => r['status']],
    ['table.from', (r) => when(r['start_time'])],
    ['table.to', (r) => when(r['end_time'])],
    ['table.host', (r) => r['inviter_name']],
    ['table.email', (r) => r['email']],
    ['table.id', (r) => r['id']]
  ]
}

/** "2026-01-12 09:00": Swedish writes ISO-like dates, so a table sorts and reads the same everywhere. */
const CLI_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false
}
const str = (v: unknown) => (v === undefined || v === null ? '' : String(v))
/** Visitor times are Unix seconds: shown as the local date and time, as on the Visitors screen. */
const when = (v: unknown) => (typeof v === 'number' ? dateTimeFormat('sv-SE', CLI_TIME).format(v * 1000) : '')

export function tableChannels(): string[] {
  return Object.keys(PEOPLE_COLUMNS)
}

/**
 * The people of a users.* or visitors.* answer (a list's items, or one record), as aligned columns
 * headed in `language` (the CLI's: cli-language.ts; none: English).
 */
export function peopleTable(channel: string, result: unknown, language?: Language): string | undefined {
  const columns = PEOPLE_COLUMNS[channel.split('.')[0]!]
  if (!columns) return undefined
  const record = result as Record<string, unknown> | null
  const rows = Array.isArray(record?.['items'])
    ? (record['items'] as Record<string, unknown>[])
    : record && typeof record === 'object' && 'id' in record
      ? [record]
      : undefined
  if (!rows) return undefined
  const cells = rows.map((row) => columns.map(([, get]) => str(get(row)).replace(/\s+/g, ' ')))
  const shown = columns.map((_, i) => cells.some((c) => c[i] !== ''))
  const words = cliWords(language)
  const header = columns.map(([key]) => words.t(key))
  const all = [header, ...cells].map((r) => r.filter((_, i) => shown[i]))
  const widths = all[0]!.map((_, i) => Math.max(...all.map((r) => r[i]!.length)))
  return all.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!))).join('  ')).join('\n') + '\n'
}
