import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { fireEvent, render, screen, waitFor } from '@testing-library/svelte'
import ImportScreen from '../../../src/renderer/src/screens/ImportScreen.svelte'
import { tempDir } from '../../support/temp'
import { importOnBatchService } from './import-on-batch-service'

/**
 * A CSV previewed: its counts and first lines are painted first, then the focus goes to the next step
 * (Add). A focus moved as the preview is drawn makes the browser lay the screen out there and then,
 * before the frame that shows the preview (main's own batch service answers, as in the app).
 */
describe('the focus after a CSV preview', () => {
  let data: Awaited<ReturnType<typeof tempDir>>

  beforeAll(async () => {
    data = await tempDir()
  })
  afterAll(async () => {
    await data?.remove()
  })
  beforeEach(async () => {
    await importOnBatchService(data.path)
  })
  afterEach(() => vi.restoreAllMocks())

  it('goes to Add once the preview’s first frame is painted, not while it is drawn', async () => {
    render(ImportScreen)
    await screen.findByTestId('batch-title')
    // Frames held until the test paints one: what runs before it is what the preview's frame waits for.
    const frames: FrameRequestCallback[] = []
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((run) => frames.push(run))
    const paint = () => frames.splice(0).forEach((run) => run(performance.now()))
    const input = screen.getByLabelText('CSV file to import')
    input.focus()
    const file = new File(['04A1B2C3,Desk-1\n04A1B2C5,Desk-5'], 'gate.csv', { type: 'text/csv' })
    await fireEvent.change(input, { target: { files: [file] } })
    await waitFor(() => expect(screen.getByTestId('csv-counts')).toHaveTextContent('2 ok'))
    const add = screen.getByRole('button', { name: 'Add 2 valid rows to the batch' })
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(add).not.toHaveFocus()

    paint()
    await waitFor(() => expect(add).toHaveFocus())
  })
})
