import { AreaMessages } from './area-messages.svelte'
import { deskLanguage } from './desk-language.svelte'

/**
 * The visitor form's words in the desk's language (Today's walk-in, Visitors' new and edit), made in
 * a component's script. The form is its own lazily loaded chunk: its English travels with it, so the
 * form reads whole the moment it opens; another language replaces it as soon as its catalogue is in.
 */
export function visitorFormMessages(): AreaMessages<'visitorForm'> {
  return new AreaMessages('visitorForm', deskLanguage)
}
