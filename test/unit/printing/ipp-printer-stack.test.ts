import { spawnSync } from 'node:child_process'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { IPP_STACK_HOOK_MS, ippPrinterStack, type IppPrinterStack } from '../../support/ipp-printer'

/**
 * The test printer itself (test/support/ipp-printer.ts), asked with CUPS's own ipptool: a real IPP
 * server on loopback that says idle, and a printer without labels that says so. The app's IPP client
 * is tested against it in ipp-client.test.ts.
 */
function ipptool(url: string, test: string, ...args: string[]): string {
  const out = spawnSync('ipptool', ['-tv', ...args, url, test], { encoding: 'utf8', timeout: 15_000 })
  return out.stdout + out.stderr
}

describe('the loopback IPP printer of the tests', () => {
  let stack: IppPrinterStack
  beforeAll(async () => {
    stack = await ippPrinterStack()
  }, IPP_STACK_HOOK_MS)
  afterAll(() => stack?.stop())

  it('answers Get-Printer-Attributes as an idle printer', async () => {
    const printer = await stack.start()
    expect(ipptool(printer.url, 'get-printer-attributes.test')).toMatch(/printer-state \(enum\) = idle/)
  })
})
