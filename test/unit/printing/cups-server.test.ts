import { describe, expect, it } from 'vitest'
import { badgeStocks } from '../../../src/shared/badges/label-stocks'
import { cupsQueueUrl, cupsServerAddress } from '../../../src/main/services/printing/cups-server'
import { matchingMedia } from '../../../src/main/services/printing/ipp-print'

/**
 * A CUPS queue is printed to at the server `lpstat` asked (`lpstat -H`), and on the driver's page
 * nearest the badge's label. The real CUPS with the label drivers is in cups-label-printers.test.ts.
 */
describe('the CUPS server of the system queues', () => {
  it('prints to the queue at the server lpstat -H names', () => {
    expect(cupsQueueUrl('printhost:631\n', 'Front desk')).toBe('ipp://printhost:631/printers/Front%20desk')
    expect(cupsServerAddress('127.0.0.1:8731')).toBe('127.0.0.1:8731')
    expect(cupsServerAddress('printhost')).toBe('printhost:631')
    expect(cupsServerAddress('printhost:631/version=1.1')).toBe('printhost:631')
    expect(cupsServerAddress('::1:631')).toBe('[::1]:631')
    expect(cupsServerAddress('[fe80::1]:8631')).toBe('[fe80::1]:8631')
  })

  it('the local scheduler reached by its socket, or no answer, is localhost:631', () => {
    expect(cupsServerAddress('/run/cups/cups.sock')).toBe('localhost:631')
    expect(cupsServerAddress('')).toBe('localhost:631')
  })
})

describe('the driver page of a badge label', () => {
  it('is the nearest page, not the first within the margin (Brother QL: the DK-11202 label, not the 62 mm roll)', () => {
    // Part of the media-supported CUPS gives for a QL-820NWB queue (ptouch-driver), in its order.
    const ql = [
      'custom_53.98x100.19mm_53.98x100.19mm',
      'custom_62.09x100.19mm_62.09x100.19mm',
      'custom_62.09x28.93mm_62.09x28.93mm',
      'custom_62.09x99.84mm_62.09x99.84mm'
    ]
    expect(matchingMedia(ql, badgeStocks['dk-11202'])).toBe('custom_62.09x99.84mm_62.09x99.84mm')
    expect(matchingMedia(ql, badgeStocks['4x3in'])).toBeNull()
  })
})
