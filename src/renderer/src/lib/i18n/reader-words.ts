import type { ReaderStatus } from '../../../../shared/reader/schemas'
import { formatCount } from '../numbers'
import { importWords } from './import-messages.svelte'

/**
 * The USB reader's state line and what to do, in the desk's language, from main's facts (the state,
 * its readers, the one selected, the system: shared/reader/schemas.ts `os`). A status without `os`
 * says a cause only main knows (a card it could not read, a module that did not load): main's words,
 * marked English. Read where shown, so it follows a language switch.
 */
export function readerSaid(status: ReaderStatus): { message: string; hint?: string; english?: true } {
  const os = status.os
  if (!os) return { message: status.message, ...(status.hint ? { hint: status.hint } : {}), english: true }
  const m = importWords()
  switch (status.state) {
    case 'starting':
      return { message: m.t('reader.state.starting') }
    case 'restarting':
      return { message: m.t('reader.state.restarting'), hint: m.t('reader.state.restartingHint') }
    case 'unavailable':
      return { message: m.t('reader.state.unavailable') }
    case 'no-service':
      return { message: m.t('reader.state.noService'), hint: m.t('reader.state.noServiceHint', { os }) }
    case 'no-reader':
      return {
        message: status.selected
          ? m.t('reader.state.selectedMissing', { reader: status.selected })
          : m.t('reader.state.noReader'),
        hint: m.t('reader.state.noReaderHint', { os })
      }
    case 'ready': {
      const one = status.selected ?? (status.readers.length === 1 ? status.readers[0] : undefined)
      return {
        message: one
          ? m.t('reader.state.ready', { reader: one })
          : m.t('reader.state.readyAny', { count: formatCount(status.readers.length) })
      }
    }
  }
}
