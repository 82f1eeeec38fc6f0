import '@testing-library/jest-dom/vitest'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/svelte'
import ErrorNotice from '../../../src/renderer/src/components/ErrorNotice.svelte'
import RosterScreen from '../../../src/renderer/src/screens/RosterScreen.svelte'
import { AppError, type AppErrorData } from '../../../src/shared/errors'
import { keysToRetry } from '../../../src/shared/roster/step-keys'
import { stepRetried } from '../../../src/shared/roster/step-way-on'
import type { RowOutcome } from '../../../src/shared/roster/run'
import { wayOn } from '../../../src/shared/way-on'
import { openRoster, outcome, rows } from '../roster/fixtures'

/**
 * An outcome the console gives again for the same input is never offered a bare Retry: it says what can
 * change it. A lost answer or a console that did not answer offers Retry. One rule (shared/way-on.ts),
 * held here over each place that offers Retry: an error notice (every screen's action and read: Enroll,
 * PINs, Touch Passes, Visitors, Cards…), the roster's results (bulk and per row), and which failed steps
 * a roster's Retry sends again (main's run and the keys Retry needs ask the same function).
 */
const outcomes: { name: string; error: AppErrorData; retry: boolean }[] = [
  {
    name: 'a card held by another person',
    error: {
      kind: 'conflict',
      code: 'CODE_CREDS_NFC_HAS_BIND_USER',
      message: 'This card already belongs to someone else.',
      retryable: false,
      details: { status: 400 }
    },
    retry: false
  },
  {
    name: 'a card the console will not import (most likely one of its cards without an NFC ID)',
    error: {
      kind: 'conflict',
      code: 'ROSTER_LINE_CARD_NOT_IMPORTED',
      message: 'The console did not import the card 04A1B2C3D4E5F6.',
      retryable: false,
      details: { said: 'uncompared', nfcId: '04A1B2C3D4E5F6', without: 3 }
    },
    retry: false
  },
  {
    name: 'a malformed value',
    error: { kind: 'validation', code: 'CODE_PARAMS_INVALID', message: 'Invalid parameters.', retryable: false },
    retry: false
  },
  {
    name: 'a missing permission',
    error: {
      kind: 'permission',
      code: 'HTTP_403',
      message: 'The API token lacks the permission `edit:credential`.',
      retryable: false,
      details: { status: 403, permission: 'edit:credential' }
    },
    retry: false
  },
  {
    name: 'a console that did not answer',
    error: { kind: 'network', code: 'ECONNREFUSED', message: 'Could not reach the console.', retryable: true },
    retry: true
  },
  {
    name: 'a lost answer (connection reset)',
    error: {
      kind: 'network',
      code: 'ECONNRESET',
      message: 'Could not reach the console.',
      retryable: true,
      details: { requestWritten: true }
    },
    retry: true
  },
  {
    name: 'the console failing itself',
    error: { kind: 'server', code: 'HTTP_503', message: 'The console failed to answer.', retryable: true },
    retry: true
  }
]

/** A failed roster step as main keeps it: the error's kind and code with the row (roster-said 'error'). */
function failedWith(rowId: string, error: AppErrorData): RowOutcome {
  const kept = { kind: error.kind, code: error.code!, message: error.message, details: {} }
  return outcome(rowId, {
    state: 'failed',
    steps: [{ step: 'pin', state: 'failed', code: error.code, said: [{ key: 'error', error: kept }] }]
  })
}

const sizes = ['offsetHeight', 'offsetWidth'] as const
const saved = sizes.map((name) => [name, Object.getOwnPropertyDescriptor(HTMLElement.prototype, name)] as const)
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', { configurable: true, get: () => 420 })
  Object.defineProperty(HTMLElement.prototype, 'offsetWidth', { configurable: true, get: () => 900 })
})
afterAll(() => {
  for (const [name, descriptor] of saved) if (descriptor) Object.defineProperty(HTMLElement.prototype, name, descriptor)
})
afterEach(() => cleanup())

describe('Retry is offered only where the same again may go otherwise', () => {
  it.each(outcomes)('an error notice: $name', ({ error, retry }) => {
    render(ErrorNotice, { error: AppError.fromData(error), onretry: () => undefined })
    expect(screen.queryByRole('button', { name: 'Try again' }) !== null).toBe(retry)
    expect(wayOn(error) === 'retry').toBe(retry)
  })

  it.each(outcomes)('a roster row, and the step its Retry sends: $name', async ({ error, retry }) => {
    const failed = failedWith('row-3', error)
    // The step main's run sends again on Retry, and the keys Retry needs, by the same rule (a
    // permission's step goes again once the token has the key: Retry is off, naming it, until then).
    const token = error.kind === 'permission'
    expect(stepRetried(failed.steps[0]!)).toBe(retry || token)
    expect(keysToRetry(rows, { 'row-3': failed }).length > 0).toBe(retry || token)

    await openRoster('finished', {}, rows, [failed, outcome('row-4')])
    render(RosterScreen)
    await screen.findByRole('grid', { name: 'Results' })
    const bulk = screen.queryByRole('button', { name: /^Retry 1 failed row$/ })
    const row = within(await screen.findByTestId('result-row'))
    if (retry || token) {
      expect(bulk).toBeInTheDocument()
      // The bulk Retry takes it: the row names that button (it has none of its own, which retried every row).
      expect(row.getByTestId('result-taken-by')).toHaveTextContent('“Retry 1 failed row” above')
      expect(row.queryByTestId('result-way-on')).toBeNull()
    } else {
      expect(bulk).toBeNull()
      expect(row.queryByTestId('result-taken-by')).toBeNull()
      expect(row.getByTestId('result-way-on')).toHaveTextContent(/Retry would be refused the same way/)
      expect(screen.getByTestId('results-not-retried')).toHaveTextContent(
        '1 failed row is not retried: the console would refuse it the same way.'
      )
    }
  })

  it('a row card the console will not take says to use another card, the reason with it', async () => {
    await openRoster('finished', {}, rows, [failedWith('row-3', outcomes[1]!.error), outcome('row-4')])
    render(RosterScreen)
    const row = within(await screen.findByTestId('result-row'))
    expect(row.getByTestId('result-way-on')).toHaveTextContent('this person needs another card')
    await fireEvent.click(screen.getByRole('button', { name: /^Failed/ }))
    expect(screen.queryByRole('button', { name: /^Retry/ })).toBeNull()
  })
})
