import Papa from 'papaparse'
import { canonicalHex32 } from './src/main/services/batches/csv-nfc-id'
import { StringIndex, Uint32Index } from './src/main/services/batches/string-index'
import { validateCsv } from './src/main/services/batches/csv-validate'
const lines: string[] = []
for (let i = 0; i < 100000; i++) lines.push(`${(0x04000000 + i * 7919).toString(16).toUpperCase()},Floor2-${i}`)
const text = lines.join('\n') + '\n'
const gc = (globalThis as any).gc
const P = () => Papa.parse<string[]>(text, { delimiter: ',' }).data
const fns: Record<string, () => unknown> = {
 parse: () => P(),
 num: () => { const d = P(); const a = new Uint32Index(d.length); for (let i = 0; i < d.length; i++) a.firstLineOrAdd(canonicalHex32(d[i]![0]!), i) },
 alias: () => { const d = P(); const b = new StringIndex(d.length); for (let i = 0; i < d.length; i++) b.firstLineOrAdd(d[i]![1] ?? '', i) },
 objs: () => { const d = P(); const rows = new Array(d.length); for (let i = 0; i < d.length; i++) rows[i] = { line: i, nfcId: d[i]![0], alias: d[i]![1], status: 'ok', messages: d } ; return rows},
 validate: () => validateCsv(text)
}
const res: Record<string, number[]> = {}
for (let r = 0; r < 15; r++) for (const [k, fn] of Object.entries(fns)) { gc(); const s = process.cpuUsage(); fn(); const u = process.cpuUsage(s); (res[k] ??= []).push((u.user + u.system) / 1000) }
for (const [k, v] of Object.entries(res)) { v.sort((a, b) => a - b); console.log(k.padEnd(10), v[7]!.toFixed(1), 'min', v[0]!.toFixed(1)) }
