import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { AppError } from '../../../src/shared/errors'
import { refused } from '../../../src/main/services/access/item-refused'

const SERVICES = join(__dirname, '../../../src/main/services')

async function sources(dir: string): Promise<string[]> {
  const out: string[] = []
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) out.push(...(await sources(path)))
    else if (entry.name.endsWith('.ts')) out.push(path)
  }
  return out
}

/**
 * "The console answered a refusal about this item" is one predicate, `refused`, for the visitor service, the
 * kiosk and the read-back rules (the QR code's, access/read-back-rules.ts).
 */
describe('the refused-answer predicate', () => {
  it('is written once, under one name', async () => {
    const rule = "['not-found', 'validation', 'conflict'].includes(err.kind)"
    const files = await sources(SERVICES)
    const holding: string[] = []
    for (const file of files) {
      const text = await readFile(file, 'utf8')
      if (text.includes(rule)) holding.push(file.slice(SERVICES.length + 1))
      expect(text, file).not.toMatch(/\brefusedAnswer\b/)
    }
    expect(holding).toEqual(['access/item-refused.ts'])
  })

  it('tells an answer about the item from a console that did not answer', () => {
    expect(refused(new AppError({ kind: 'not-found', code: 'X', message: 'gone' }))).toBe(true)
    expect(refused(new AppError({ kind: 'server', code: 'X', message: 'odd', retryable: false }))).toBe(true)
    expect(refused(new AppError({ kind: 'server', code: 'X', message: '500', retryable: true }))).toBe(false)
    expect(refused(new AppError({ kind: 'network', code: 'X', message: 'down' }))).toBe(false)
    expect(refused(new Error('plain'))).toBe(false)
  })
})
