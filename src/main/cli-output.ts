/**
 * What the CLI writes: JSON (the default), NDJSON a line at a time as items come (`--stream`), or a
 * table of people (`--table`). Each write waits for the pipe to take it (backpressure), so 20,000
 * cards into a slow `jq` hold one page in memory, not the whole list.
 */
export interface Out {
  /** Write text; resolves once the stream can take more (a pipe whose reader is slow waits here). */
  write(text: string): Promise<void>
}

export function outOf(stream: NodeJS.WritableStream): Out {
  return {
    write: (text) =>
      new Promise<void>((resolve, reject) => {
        const more = stream.write(text, (err) => (err ? reject(err) : undefined))
        if (more) resolve()
        else stream.once('drain', resolve)
      })
  }
}

export const json = (value: unknown) => JSON.stringify(value, null, 2) + '\n'
export const line = (value: unknown) => JSON.stringify(value) + '\n'

/** The people channels `--table` prints, and their columns (a column is shown when a row has it). */
const PEOPLE_COLUMNS: Record<string, [string, (row: Record<string, unknown>) => unknown][]> = {
  users: [
    ['NAME', (r) => r['full_name'] || `${str(r['first_name'])} ${str(r['last_name'])}`.trim()],
    ['EMAIL', (r) => r['user_email'] || r['email']],
    ['EMPLOYEE NO.', (r) => r['employee_number']],
    ['STATUS', (r) => r['status']],
    ['ID', (r) => r['id']]
  ],
  visitors: [
    ['NAME', (r) => `${str(r['first_name'])} ${str(r['last_name'])}`.trim()],
    ['STATUS', (r) => r['status']],
    ['FROM', (r) => when(r['start_time'])],
    ['TO', (r) => when(r['end_time'])],
    ['HOST', (r) => r['inviter_name']],
    ['EMAIL', (r) => r['email']],
    ['ID', (r) => r['id']]
  ]
}

const str = (v: unknown) => (v === undefined || v === null ? '' : String(v))
/** Visitor times are Unix seconds: shown as the local date and time, as on the Visitors screen. */
const when = (v: unknown) =>
  typeof v === 'number' ? new Date(v * 1000).toLocaleString('sv-SE', { hour12: false }).slice(0, 16) : ''

export function tableChannels(): string[] {
  return Object.keys(PEOPLE_COLUMNS)
}

/** The people of a users.* or visitors.* answer (a list's items, or one record), as aligned columns. */
export function peopleTable(channel: string, result: unknown): string | undefined {
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
  const header = columns.map(([title]) => title)
  const all = [header, ...cells].map((r) => r.filter((_, i) => shown[i]))
  const widths = all[0]!.map((_, i) => Math.max(...all.map((r) => r[i]!.length)))
  return all.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!))).join('  ')).join('\n') + '\n'
}
