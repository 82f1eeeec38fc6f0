export type Step =
  'welcome' | 'name' | 'narrow' | 'not-found' | 'confirm' | 'printing' | 'done' | 'walk-in' | 'problem' | 'leaving'
