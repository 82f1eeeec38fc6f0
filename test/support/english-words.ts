import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Area, AreaKeys } from '../../src/shared/i18n/areas'
import type { Catalogue, Words } from '../../src/shared/i18n/translator'
import { formatParsed } from '../../src/shared/i18n/format-parsed'

/**
 * An area's English words for a test of a plain module that takes a screen's words (the screen passes
 * its AreaMessages; no catalogue is in the renderer's code). Read from the catalogue file as the app's
 * English is written (formatParsed), a missing key shown as the key.
 */
export function englishWords<A extends Area>(area: A): Words<AreaKeys[A]> {
  const file = join(process.cwd(), 'src/shared/i18n/messages', area, 'en.json')
  const english = JSON.parse(readFileSync(file, 'utf8')) as Catalogue
  return {
    t: (key, values) => {
      const message = english[key]
      return message === undefined ? key : formatParsed(message, 'en', values)
    }
  }
}
