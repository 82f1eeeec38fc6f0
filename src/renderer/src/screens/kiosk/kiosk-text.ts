import type { KioskFound, KioskRefusal } from '../../../../shared/kiosk/schemas'
import { refusalForVisitor } from '../../../../shared/kiosk/kiosk-refusal'
import type { ConsoleReach } from '../../../../shared/connections'
import { consoleDown } from '../../stores/console-down'

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
    /** `refusal`: why a visit found is not open (main says it with not-now); the same words the desk reads. */
    none(reason: NoneReason, refusal?: KioskRefusal | null): string {
      switch (reason) {
        case 'not-now':
          return refusal
            ? refusalForVisitor(refusal, desk)
            : `Your visit is not open for check-in at this time (too early, or already over). Please see ${desk}.`
        case 'ambiguous':
          return refusal
            ? refusalForVisitor(refusal, desk)
            : `Several visits match what you typed. Please see ${desk}: they will check you in.`
        default:
          return `No visit today matches what you typed. Check the spelling and try again, or see ${desk}.`
      }
    }
  }
}

const clock = (d: Date) => d.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })
const day = (d: Date) => d.toLocaleDateString([], { weekday: 'short', month: 'short', day: 'numeric' })

/** A visit's time as a visitor reads it: "Today, 09:00 – 17:00", with the dates only when not today. */
export function visitTime(fromSeconds: number, toSeconds: number, now = new Date()): string {
  const from = new Date(fromSeconds * 1000)
  const to = new Date(toSeconds * 1000)
  const today = now.toDateString()
  if (from.toDateString() === today && to.toDateString() === today) return `Today, ${clock(from)} – ${clock(to)}`
  return `${day(from)} ${clock(from)} – ${day(to)} ${clock(to)}`
}

/** Whether the kiosk works offline (from the visitors it loaded): the one rule of stores/console-down.ts. */
export function kioskOffline(reach: ConsoleReach | null): boolean {
  return consoleDown(reach)
}

/** Why the kiosk works offline, in a visitor's words (see kioskOffline). */
export function kioskOfflineWhy(reach: ConsoleReach | null): string {
  return reach?.state === 'unreachable' ? 'the console cannot be reached' : 'the console cannot be used right now'
}
