import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Area, AreaKeys } from '../../src/shared/i18n/areas'
import type { Catalogue, Words } from '../../src/shared/i18n/translator'
import { englishWordsOf } from '../../src/renderer/src/lib/i18n/area-words'

/**
 * An area's English words for a test of a plain module that takes a screen's words (the screen passes
 * its AreaMessages; no catalogue is in the renderer's code): the catalogue file written as the app
 * writes English (lib/i18n/area-words `englishWordsOf`).
 */
export function englishWords<A extends Area>(area: A): Words<AreaKeys[A]> {
  const file = join(process.cwd(), 'src/shared/i18n/messages', area, 'en.json')
  return englishWordsOf(JSON.parse(readFileSync(file, 'utf8')) as Catalogue)
}
