import type { KioskFound } from '../../../../shared/kiosk/schemas'

export type Step = 'welcome' | 'name' | 'narrow' | 'not-found' | 'confirm' | 'printing' | 'done' | 'walk-in' | 'problem'

type NoneReason = Extract<KioskFound, { kind: 'none' }>['reason'] | null

/** What the kiosk says, in one place: plain words for a visitor who has never used it. */
export function kioskText(desk: string) {
  return {
    needFullName: 'Type your first and last name, as on your invitation (for example “Ana Silva”).',
    askCompany: 'To find yours, type the name of your company.',
    askHost: 'To find yours, type the name of the person you are visiting.',
    typeCompany: 'Type the name of your company to continue.',
    typeHost: 'Type the name of the person you are visiting to continue.',
    noneTitle(reason: NoneReason): string {
      return reason === 'not-now' ? 'Your visit cannot be checked in now' : 'We could not find your visit'
    },
    none(reason: NoneReason): string {
      switch (reason) {
        case 'not-now':
          return `Your visit is not open for check-in at this time (too early, over, or cancelled). Please see ${desk}.`
        case 'ambiguous':
          return `Several visits match what you typed. Please see ${desk}: they will check you in.`
        default:
          return `No visit today matches what you typed. Check the spelling and try again, or see ${desk}.`
      }
    }
  }
}
