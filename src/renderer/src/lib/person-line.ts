import type { Apart } from '../../../shared/person-apart'
import { shellWords } from './i18n/shell-messages.svelte'

/**
 * A person named by one line in the desk's language, by the one rule of shared/person-apart.ts: the name,
 * then what tells them from a namesake when there is one ("Ben Ng · line 7", "Ada Ng · ada@example.com", "Ben Ng · ID 3f9a0c12").
 * The pickers and the roster word a person's `Apart` here, and nowhere else.
 */
export function apartWords(apart: Apart): string {
  switch (apart.by) {
    case 'email':
      return apart.email
    case 'employeeNumber':
      return shellWords().t('person.employee', { number: apart.number })
    case 'id':
      return shellWords().t('person.id', { id: apart.id })
    case 'line':
      return shellWords().t('person.line', { line: apart.line })
  }
}

/** The name alone, or the name and what tells them apart (`apart` null: no namesake to tell them from). */
export function personLine(name: string, apart: Apart | null): string {
  return apart ? shellWords().t('person.apart', { name, apart: apartWords(apart) }) : name
}

/**
 * A found person's muted detail: the facts shown of them (`shown`, e.g. "user", their email), then what
 * tells them from a namesake among the results when it is not one of those already (two sharing a mailbox:
 * "accueil@exemple.fr · ID 7b21d4e9"). The pickers' one way to add the rule's answer to a row.
 */
export function detailApart(shown: readonly (string | false | null | undefined)[], apart: Apart | null): string {
  const parts = shown.filter((part): part is string => Boolean(part))
  const told = apart ? apartWords(apart) : null
  return [...parts, ...(told && !parts.includes(told) ? [told] : [])].join(' · ')
}

/**
 * A person picked in a picker, named from then on as the picker told them apart: the confirm line ("To
 * Ben Ng · ID 3718bd3b"), the outcome sentence and any list of those picked. `found.apart` is what the
 * picker's source found telling them from a namesake among its results (picker-sources.ts); `name` the
 * name its row showed (a user's display name), else the found name, else their id. Every screen that
 * names a picked person names them here, so the distinction shown in the results is not lost right after.
 */
export function pickedName(found: { id: string; name?: string; apart?: Apart | null }, name?: string): string {
  return personLine(name || found.name || found.id, found.apart ?? null)
}
