import { expect } from 'vitest'
import type { Job } from './job'

/**
 * A visit booked on the demo console through its API (as another desk would), opening the site's first
 * door group a person can see, from `start` to `end` (Unix seconds). Fails the test unless the console
 * took it.
 */
export async function bookVisitor(
  job: Job,
  fields: Record<string, unknown>,
  window: { start: number; end: number }
): Promise<void> {
  const site = (await job.state('site')) as { groups: { id: string; hidden?: boolean }[] }
  const booked = await job.api('POST', '/visitors', {
    visit_reason: 'Business',
    ...fields,
    resources: [{ id: site.groups.find((g) => !g.hidden)!.id, type: 'door_group' }],
    start_time: window.start,
    end_time: window.end
  })
  expect(booked.status).toBe(200)
}
