import { describe, expect, it } from 'vitest'
import { printerStatusOf, reasonWords } from '../../../src/shared/badges/printer-state'
import { matchingMedia } from '../../../src/main/services/printing/ipp-print'

/** The printer's IPP state and reasons in the desk's words: one table, used by every screen. */
describe('printer state in words', () => {
  it.each([
    ['idle', ['none'], 'idle', 'Ready'],
    ['processing', ['none'], 'printing', 'Printing'],
    ['stopped', ['none'], 'stopped', 'Stopped'],
    ['stopped', ['media-empty-error'], 'out-of-media', 'Out of labels'],
    ['idle', ['media-empty-report'], 'out-of-media', 'Out of labels'],
    ['stopped', ['offline-report'], 'offline', 'Offline'],
    ['stopped', ['paused'], 'stopped', 'Stopped'],
    [undefined, [], 'unknown', 'Not known']
  ])('%s with %j is %s (%s)', (state, reasons, kind, words) => {
    const status = printerStatusOf(state, reasons)
    expect(status.state).toBe(kind)
    expect(status.words).toBe(words)
  })

  it('says what to do when it cannot print, and nothing when it can', () => {
    expect(printerStatusOf('stopped', ['media-empty-error']).hint).toMatch(/Load a new roll of labels/)
    expect(printerStatusOf('stopped', []).hint).toMatch(/Resume the printer/)
    expect(printerStatusOf('idle', ['media-low-report']).hint).toBeUndefined()
  })

  it('names an unknown reason as the printer says it, and ignores warnings of supplies running low', () => {
    expect(reasonWords(['media-low-warning'])).toBeNull()
    expect(reasonWords(['spool-area-full-error'])?.message).toBe('The printer reports “spool-area-full”.')
    expect(reasonWords(['media-empty-error'])?.message).toBe('The printer is out of labels.')
  })
})

describe('the printer media of a label stock', () => {
  const labels = ['oe_dk-11202_62x100mm', 'oe_30256_59x102mm', 'oe_badge-4x3_4x3in', 'iso_a6_105x148mm']
  it('is found by size, either way round', () => {
    expect(matchingMedia(labels, { widthMm: 62, heightMm: 100 })).toBe('oe_dk-11202_62x100mm')
    expect(matchingMedia(labels, { widthMm: 101.6, heightMm: 76.2 })).toBe('oe_badge-4x3_4x3in')
    expect(matchingMedia(['na_letter_8.5x11in', 'iso_a4_210x297mm'], { widthMm: 62, heightMm: 100 })).toBeNull()
  })
})
