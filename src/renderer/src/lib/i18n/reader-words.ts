import type { AddonFailure, ReaderStatus, SpawnFailure } from '../../../../shared/reader/schemas'
import { formatCount } from '../numbers'
import { importWords } from './import-messages.svelte'

/**
 * The USB reader's state line and what to do, in the desk's language, from main's facts (the state,
 * its readers, the one selected, the system: shared/reader/schemas.ts `os`). A status without `os`
 * is an older reader process's words: main's English, marked so. A module that did not load comes
 * with its facts (`addon`), a process that could not be started with the system's (`spawn`), a card
 * main could not read or a process that never started with main's (`cause`). Read where shown, so it follows a language switch.
 */
export function readerSaid(status: ReaderStatus): { message: string; hint?: string; english?: true } {
  const os = status.os
  if (!os) return { message: status.message, ...(status.hint ? { hint: status.hint } : {}), english: true }
  const m = importWords()
  if (status.cause?.kind === 'unread')
    return {
      message: m.t('reader.cause.unread', { reader: status.cause.reader, detail: status.cause.detail }),
      hint: m.t('reader.cause.unreadHint')
    }
  if (status.cause?.kind === 'notStarted')
    return { message: m.t('reader.cause.notStarted'), hint: m.t('reader.state.noServiceHint', { os }) }
  switch (status.state) {
    case 'starting':
      return { message: m.t('reader.state.starting') }
    case 'restarting':
      return { message: m.t('reader.state.restarting'), hint: m.t('reader.state.restartingHint') }
    case 'unavailable':
      if (status.addon) return addonSaid(status.addon, os)
      return status.spawn ? spawnSaid(status.spawn) : { message: m.t('reader.state.unavailable') }
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

/**
 * Why the reader process could not be started: what to do from the system's error code, and the
 * system's own text shown as its words (it comes in the system's language, not the desk's).
 */
function spawnSaid(spawn: SpawnFailure): { message: string; hint: string } {
  const m = importWords()
  return {
    message: m.t('reader.spawn.failed', { detail: spawn.detail }),
    hint: m.t('reader.spawn.hint', { code: spawn.code ?? 'none' })
  }
}

/** Why the reader module did not load, and what to do on this system (main's host sends the facts). */
function addonSaid(addon: AddonFailure, os: NonNullable<ReaderStatus['os']>): { message: string; hint: string } {
  const m = importWords()
  return {
    message:
      addon.cause === 'missing'
        ? m.t('reader.addon.missing')
        : m.t('reader.addon.notLoaded', { detail: addon.detail ?? '' }),
    hint:
      addon.cause === 'abi'
        ? m.t('reader.addon.abiHint')
        : m.t(addon.packaged ? 'reader.addon.installPackaged' : 'reader.addon.install', { os })
  }
}
