import type { Catalog } from './catalog-types'
import { EXIT_CODE_WORDS } from './exit-codes'
import { inputFlags, isList, isPaged, typeName } from './help'
import { cliWords } from '../shared/i18n/file-words'

/**
 * docs/cli-reference.md, made from the catalog (the zod contract): written by
 * `node --import tsx scripts/cli-reference.ts`, and a test fails when the file differs from what the
 * contract says now. Short: a channel's summary, its options and the top of its output; the whole
 * shapes are printed by `access-desk <channel> --help`.
 */
export function cliReference(catalog: Catalog): string {
  // The reference is English, as `access-desk --help` says it in an English shell.
  const words = cliWords('en')
  const byNamespace = new Map<string, Catalog['channels']>()
  for (const channel of catalog.channels) {
    const ns = channel.name.split('.')[0]!
    byNamespace.set(ns, [...(byNamespace.get(ns) ?? []), channel])
  }
  const out = [
    '# CLI reference',
    '',
    '<!-- Generated from the contract (src/shared/ipc/contract.ts) by scripts/cli-reference.ts: do not edit. -->',
    '',
    '`access-desk <channel> [JSON | -] [--field value ...] [options]`: every channel below, its input as JSON or',
    'as the options listed, its output as JSON on stdout. `access-desk <channel> --help` prints the whole input and',
    'output shapes.',
    '',
    '## Exit codes',
    '',
    '| Code | Meaning |',
    '| ---- | ------- |',
    ...EXIT_CODE_WORDS.map(([code, key]) => `| ${code} | ${words.t(key).replace(/\|/g, '\\|')} |`),
    '',
    '## Channels',
    ''
  ]
  for (const [ns, channels] of byNamespace) {
    out.push(`### ${ns}`, '')
    for (const channel of channels) {
      const list = channel.name === 'cards.load' ? 'every card' : isPaged(channel) ? 'every page' : 'its items'
      out.push(`#### \`${channel.name}\``, '', `${channel.summary}.`, '')
      const flags = inputFlags(channel, words)
      if (flags.length) out.push('```text', ...flags.map((f) => f.trimEnd()), '```', '')
      out.push(
        `Output: \`${typeName(channel.output)}\`${isList(channel) ? `; \`--stream\`: NDJSON, ${list}` : ''}.`,
        ''
      )
    }
  }
  return out.join('\n')
}
