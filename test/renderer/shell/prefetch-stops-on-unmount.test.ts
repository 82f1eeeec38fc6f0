import { describe, expect, it } from 'vitest'
import { cleanup, screen, waitFor } from '@testing-library/svelte'
import type { ScreenId } from '../../../src/renderer/src/stores/router.svelte'
import { screenComponent, screenLoadsSettled } from '../../../src/renderer/src/screens/screen-modules.svelte'
import { renderDeskWithNoConsole } from '../../support/desk-shell'

const ids: ScreenId[] = [
  'start',
  'today',
  'cards',
  'enroll',
  'import',
  'roster',
  'pins',
  'touch-passes',
  'visitors',
  'badges',
  'audit',
  'settings'
]
const loadedCount = (): number => ids.filter((id) => screenComponent(id) !== undefined).length

/**
 * The desk fetches the other screens' code while idle. Once it is unmounted it fetches nothing more:
 * a chunk still loading when a test file's environment goes failed a whole CI run.
 */
describe('fetching screens while idle', () => {
  it('stops when the desk is unmounted', async () => {
    renderDeskWithNoConsole()
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument())
    cleanup()
    await screenLoadsSettled()
    const atUnmount = loadedCount()
    expect(atUnmount).toBeLessThan(ids.length)
    await new Promise((resolve) => setTimeout(resolve, 800))
    await screenLoadsSettled()
    expect(loadedCount()).toBe(atUnmount)
  })
})
