import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RosterRun } from '../../../src/main/services/roster/roster-run'
import { stepOutcome } from '../../../src/main/services/roster/step-outcome'
import { AppError } from '../../../src/shared/errors'
import { endpoints } from '../../../src/shared/access/endpoints'
import { startDemo, type Demo } from '../access/support'
import { tempDir } from '../../support/temp'
import { freshPeople, frozenRoster, row, userRef } from './harness'

/**
 * Generate PIN code (E1) is sent as a POST but changes nothing on the console: the endpoint says so
 * (`changesNothing`). Its answer lost leaves nothing to check: the roster asks for another PIN, and only
 * the PIN's assignment (which does change the console) is ever "to check".
 */
describe('a roster PIN step whose Generate PIN answer was lost', () => {
  let demo: Demo
  let dir: Awaited<ReturnType<typeof tempDir>>

  beforeAll(async () => {
    demo = await startDemo()
    dir = await tempDir('roster-pin-generate-')
  })
  afterAll(async () => {
    await demo?.stop()
    await dir?.remove()
  })

  it('is asked again and done, never left to check', async () => {
    const { users } = await freshPeople(demo, 1)
    const person = userRef(users[0]!)
    const { store, roster } = await frozenRoster(join(dir.path, 'a'), [row(1, person, { kind: 'none' }, { pin: true })])
    const generated: string[] = []
    const client = demo.client()
    let lose = 1
    // The first generate's answer is lost after the console made the PIN (a proxy's 502): nothing changed.
    const losing = {
      ...client,
      pinCodes: {
        generate: async () => {
          if (lose > 0) {
            lose--
            await demo.control('PUT', '/__demo/faults', {
              afterCommit: { status502: 1, paths: ['POST /credentials/pin_codes'] }
            })
          } else await demo.control('DELETE', '/__demo/faults')
          const pin = await client.pinCodes.generate()
          generated.push(pin)
          return pin
        }
      }
    }
    const pins = new Map<string, string>()
    try {
      await new RosterRun({ store, client: async () => losing, emit: () => undefined, pins }, roster).run()
    } finally {
      await demo.control('DELETE', '/__demo/faults')
    }
    const outcome = roster.model.outcomes()[0]!
    expect(outcome.steps.find((s) => s.step === 'pin')).toMatchObject({ state: 'done' })
    expect(outcome.state).toBe('done')
    // The PIN shown on the slip is the one the console holds now.
    expect([...pins.values()]).toEqual([generated.at(-1)])
    expect((await client.users.get(person.id)).pin_code).not.toBeNull()
  })

  it('a step outcome of a call declared to change nothing is never "to check", whatever became of its answer', () => {
    // A proxy's 502 in place of the answer: lost for a write, nothing to check for Generate PIN code.
    const lost = (endpoint: string) =>
      new AppError({ kind: 'server', code: 'HTTP_502', message: 'Bad gateway.', details: { endpoint, status: 502 } })
    expect(stepOutcome(lost(endpoints.E1.id)).state).toBe('failed')
    expect(stepOutcome(lost(endpoints.userAssignPin.id)).state).toBe('unknown')
  })
})
