import { describe, expect, it } from 'vitest'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { personName } from '../../../src/shared/person-name'

/**
 * A person is named by one rule everywhere the app shows, exports or audits a name
 * (src/shared/person-name.ts): the console's whole name when it gives one, else first and last name.
 * A first and last name joined by hand anywhere else in src/ fails here — the way the same person came
 * to read "Ada Ng" on one screen and "Ada Ng-Smith" on the next. The demo console is the console, not
 * the app; the places listed below join the names to *match* typed words or keys, not to show them.
 */
const root = join(process.cwd(), 'src')
const rule = join(root, 'shared/person-name.ts')
const matchingOnly: Record<string, string> = {
  'src/main/services/kiosk/visit-match.ts':
    'matches the typed name against first and last name as the visitor typed them',
  'src/main/services/roster/person-match.ts': 'keys for finding a person: both the whole name and first + last'
}
// `${x.first_name} ${x.last_name}` and [x.first_name, x.last_name]…join(' ')
const JOINED = [
  /\$\{[^}]*first_?[nN]ame[^}]*\}\s*\$\{[^}]*last_?[nN]ame[^}]*\}/,
  /\[[^\]]*first_name[^\]]*last_name[^\]]*\][^;\n]*\.join\(/
]

export function handJoinedNames(text: string): string[] {
  return text
    .split('\n')
    .map((line, i) => ({ line: line.trim(), n: i + 1 }))
    .filter(({ line }) => !line.startsWith('//') && !line.startsWith('*') && JOINED.some((p) => p.test(line)))
    .map(({ line, n }) => `${n}: ${line}`)
}

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name)
    if (e.isDirectory()) return e.name === 'demo-console' ? [] : sources(path)
    return /\.(ts|svelte)$/.test(e.name) && path !== rule ? [path] : []
  })
}

describe('one name for a person', () => {
  it('the whole name when the console gives one, else first and last; empty when none', () => {
    expect(personName({ full_name: 'Ada Ng-Smith', first_name: 'Ada', last_name: 'Ng' })).toBe('Ada Ng-Smith')
    expect(personName({ name: 'Kofi Mensah', first_name: 'K', last_name: 'M' })).toBe('Kofi Mensah')
    expect(personName({ full_name: ' ', first_name: ' Ada ', last_name: 'Ng ' })).toBe('Ada Ng')
    expect(personName({ first_name: '', last_name: 'Ng' })).toBe('Ng')
    expect(personName({ first_name: null, last_name: undefined })).toBe('')
  })

  it('finds the hand-made joins it is there to refuse', () => {
    expect(handJoinedNames('const n = `${v.first_name} ${v.last_name}`.trim()')).toHaveLength(1)
    expect(handJoinedNames("name: [u.first_name, u.last_name].filter(Boolean).join(' '),")).toHaveLength(1)
    expect(handJoinedNames('const n = `${keys.firstName?.trim()} ${keys.lastName?.trim()}`')).toHaveLength(1)
    expect(handJoinedNames('first_name: z.string(), last_name: z.string()')).toHaveLength(0)
  })

  it('src/ names people only through shared/person-name (matching keys excepted, each with its reason)', () => {
    const found = sources(root)
      .filter((file) => !(relative(process.cwd(), file) in matchingOnly))
      .flatMap((file) =>
        handJoinedNames(readFileSync(file, 'utf8')).map((hit) => `${relative(process.cwd(), file)}:${hit}`)
      )
    expect(found, 'name a person with personName (src/shared/person-name.ts)').toEqual([])
  })
})
