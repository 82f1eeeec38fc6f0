/**
 * What a pager (Pager.svelte) counts: each is a plural message of the shell's catalogue
 * (`pager.visitors`: "# visitor", "# visitors"), so the count's word follows the desk's language.
 */
export type PagerCounts = 'visitors' | 'rows' | 'passes' | 'items'
