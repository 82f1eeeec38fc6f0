import { render, screen, waitFor, within } from '@testing-library/svelte'
import { expect } from 'vitest'
import BadgePrinters from '../../../src/renderer/src/components/badges/BadgePrinters.svelte'
import ActionAnnouncer from '../../../src/renderer/src/components/common/ActionAnnouncer.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { buildApi } from '../../../src/preload/api'
import { badgeHandlers } from '../../../src/main/handlers/badges'
import { BadgeService } from '../../../src/main/services/badges/badge-service'
import { createDispatch, type Handlers } from '../../../src/main/services/ipc/dispatch'
import type { AppServices } from '../../../src/main/services/app-services'
import type { PrinterInfo } from '../../../src/shared/badges/schemas'
import { AppError } from '../../../src/shared/errors'
import { tempDir } from '../../support/temp'

/**
 * Badges' printer panel over main's real badge handlers on a fresh data folder, redrawn with main's
 * list whenever it asks (as BadgesScreen does): `main` asks main directly, to assert its state.
 */
export async function printerPanel(
  options: {
    /** Channels answered here instead of by main (a printer's state or failure main cannot make in jsdom). */
    answers?: Record<string, (input: unknown) => unknown>
  } = {}
) {
  const data = await tempDir()
  const badges = new BadgeService({
    dataDir: data.path,
    console: async () => 'console-a',
    transport: 'test',
    client: async () => {
      throw new Error('no console in this test')
    },
    printer: () => undefined,
    queues: async () => [],
    ipp: { pollMs: 20 }
  })
  const dispatch = createDispatch(badgeHandlers({ badges } as unknown as AppServices) as unknown as Handlers)
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- main's answers, asserted field by field
  const main = async (channel: string, input?: unknown): Promise<any> => {
    const envelope = await dispatch(channel, input)
    if (!envelope.ok) throw new Error(envelope.error.message)
    return envelope.result
  }
  setApiForTests(
    buildApi(
      async (channel, input) => {
        const answer = options.answers?.[channel]
        if (!answer) return dispatch(channel, input)
        try {
          return { ok: true, result: await answer(input) }
        } catch (err) {
          return { ok: false, error: AppError.from(err).toData() }
        }
      },
      () => () => undefined
    )
  )
  render(ActionAnnouncer)
  const props = { printers: [] as PrinterInfo[], stock: 'dk-11202' as const, onchanged: async () => undefined }
  const view = render(BadgePrinters, { props })
  props.onchanged = async () => {
    await view.rerender({ ...props, printers: (await main('badges.printers')).items })
  }
  await props.onchanged()
  return { view: within(screen.getByTestId('badge-printers')), main, data }
}

/** What the one announcer said last. */
export async function said(words: string | RegExp): Promise<void> {
  await waitFor(() => expect(screen.getByTestId('action-announcer')).toHaveTextContent(words))
}
