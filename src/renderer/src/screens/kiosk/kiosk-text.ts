export type Step =
  'welcome' | 'name' | 'narrow' | 'not-found' | 'confirm' | 'printing' | 'done' | 'walk-in' | 'problem' | 'leaving'

/**
 * The desk's name as main keeps it when the operator never named it (kiosk-settings.ts): the kiosk
 * then says the catalogue's own words for it, in the visitor's language ("den Empfang", "la
 * recepción"). A name the operator typed is said as typed.
 */
export const DEFAULT_DESK_NAME = 'the reception desk'
