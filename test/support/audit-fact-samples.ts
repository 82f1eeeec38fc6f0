import type { AuditFact, AuditFactKind } from '../../src/shared/audit/detail-facts'

/**
 * One fact of every kind, as main records them: a new kind of fact fails to compile here until it has
 * a sample, and so until the tests that word every kind (in every language, on the screen in German) see it.
 */
export const factSamples: { [K in AuditFactKind]: Extract<AuditFact, { kind: K }> } = {
  visitCancelled: { kind: 'visitCancelled' },
  deletedForGood: { kind: 'deletedForGood' },
  changed: { kind: 'changed', fields: ['remarks', 'mobile_phone'] },
  alias: { kind: 'alias', before: 'Front', after: 'Lobby' },
  passChanged: { kind: 'passChanged', renamed: { before: '', after: 'Desk' }, status: 'SUSPENDED', unbundled: 2 },
  takenOver: { kind: 'takenOver', from: 'Uma Ng' },
  resetsCard: { kind: 'resetsCard' },
  session: { kind: 'session', id: 's-1' },
  cardsSent: { kind: 'cardsSent', count: 2, batch: 'Lobby' },
  imported: { kind: 'imported', imported: 2, notImported: 1 },
  passesOrdered: { kind: 'passesOrdered', count: 3 },
  bought: { kind: 'bought', passes: [{ card: '057B-0001', name: 'Mateo desk' }, { card: '057B-0002' }], asked: 3 },
  passEach: { kind: 'passEach' },
  given: { kind: 'given', passes: [{ card: '057B-0001', to: 'Ada Ng' }, { card: '057B-0002' }] },
  readBackBought: { kind: 'readBackBought', passes: ['057B-0001'] },
  readBackNotGiven: { kind: 'readBackNotGiven', users: ['Ada Ng'] },
  readBackFound: { kind: 'readBackFound', found: 2, sent: 3 },
  readBackCard: { kind: 'readBackCard', held: true, holder: 'visitor' },
  readBackVisitor: { kind: 'readBackVisitor', id: 'v-9', qr: true },
  badgePrint: { kind: 'badgePrint', stock: '4x3in', output: 'pdf', reprint: true }
}
