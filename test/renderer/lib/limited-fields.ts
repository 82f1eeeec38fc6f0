import { render, screen } from '@testing-library/svelte'
import BadgePrinters from '../../../src/renderer/src/components/badges/BadgePrinters.svelte'
import CardDetails from '../../../src/renderer/src/components/cards/CardDetails.svelte'
import TouchPassDetails from '../../../src/renderer/src/components/touch-passes/TouchPassDetails.svelte'
import CreateBatchForm from '../../../src/renderer/src/components/import/CreateBatchForm.svelte'
import FindAcrossConsoles from '../../../src/renderer/src/components/fleet/FindAcrossConsoles.svelte'
import { setApiForTests } from '../../../src/renderer/src/lib/api'
import { touchPasses } from '../../../src/renderer/src/stores/touch-passes.svelte'
import { fleet } from '../../../src/renderer/src/stores/fleet.svelte'
import {
  BATCH_NAME_MAX,
  CARD_ALIAS_MAX,
  FLEET_QUERY_MAX,
  PRINTER_NAME_MAX,
  TOUCH_PASS_NAME_MAX
} from '../../../src/shared/text/field-limits'
import { scriptedBridge } from '../../support/fake-bridge'
import { card } from '../cards/cards-main'
import { passOf } from '../touch-passes/pass-fixture'

/** A form with a field that has a length limit, shown on the desk: the field, its Save, and what was sent. */
export interface LimitedField {
  where: string
  /** The component's source, as the scan of every component names it. */
  file: string
  max: number
  show(): Promise<{ field: HTMLInputElement; save: HTMLElement; sent: () => unknown[] }>
}

/** Every renderer channel answered by nothing: what reached main is what `calls` holds. */
function quietMain() {
  const { bridge, calls } = scriptedBridge({})
  setApiForTests(bridge)
  return () => calls.map(([channel, input]) => ({ channel, input }))
}

/** Each form whose field has a length limit (lib/field-limit.svelte.ts), in English. */
export const limitedFields: LimitedField[] = [
  {
    where: "Badges' printers: a printer's name",
    file: 'components/badges/BadgePrinters.svelte',
    max: PRINTER_NAME_MAX,
    async show() {
      const sent = quietMain()
      render(BadgePrinters, { props: { printers: [], stock: 'dk-11202', onchanged: async () => undefined } })
      const section = screen.getByTestId('badge-printers')
      const address = section.querySelector<HTMLInputElement>('input[inputmode="url"]')!
      address.value = 'ipp://192.168.1.40/ipp/print'
      address.dispatchEvent(new Event('input', { bubbles: true }))
      return {
        field: await screen.findByLabelText<HTMLInputElement>('Name (optional)'),
        save: screen.getByRole('button', { name: 'Add printer' }),
        sent
      }
    }
  },
  {
    where: "Cards' details: a card's alias",
    file: 'components/cards/CardDetails.svelte',
    max: CARD_ALIAS_MAX,
    async show() {
      const renamed: unknown[] = []
      const kitchen = card(7, 'Kitchen')
      render(CardDetails, {
        card: kitchen,
        canEdit: true,
        onrename: async (edit: unknown) => {
          renamed.push(edit)
          return { outcome: 'saved' as const, record: kitchen, sent: ['alias' as const] }
        },
        ondelete: () => undefined,
        onassign: async () => undefined,
        onunassign: async () => undefined
      })
      return {
        field: await screen.findByLabelText<HTMLInputElement>('Alias'),
        save: screen.getByRole('button', { name: 'Save alias' }),
        sent: () => renamed
      }
    }
  },
  {
    where: "Touch Passes' details: a pass's name",
    file: 'components/touch-passes/TouchPassDetails.svelte',
    max: TOUCH_PASS_NAME_MAX,
    async show() {
      touchPasses.reset()
      const sent = quietMain()
      render(TouchPassDetails, { pass: passOf('7', 'ACTIVE', 'Spare 1') })
      return {
        field: await screen.findByLabelText<HTMLInputElement>('Name on the pass'),
        save: screen.getByRole('button', { name: 'Rename' }),
        sent: () => sent().filter((call) => call.channel === 'touchPasses.rename')
      }
    }
  },
  {
    where: "Import's new batch: the batch's name",
    file: 'components/import/CreateBatchForm.svelte',
    max: BATCH_NAME_MAX,
    async show() {
      const created: unknown[] = []
      render(CreateBatchForm, {
        oncreate: async (input: unknown) => void created.push(input),
        oncancel: () => undefined
      })
      return {
        field: await screen.findByTestId<HTMLInputElement>('batch-name'),
        save: await screen.findByRole('button', { name: 'Create batch' }),
        sent: () => created
      }
    }
  },
  {
    where: 'Consoles: the text to find on every console',
    file: 'components/fleet/FindAcrossConsoles.svelte',
    max: FLEET_QUERY_MAX,
    async show() {
      fleet.query = ''
      const sent = quietMain()
      render(FindAcrossConsoles)
      return {
        field: await screen.findByLabelText<HTMLInputElement>(
          'Name, email, employee number, card number, NFC ID or Touch Pass card id'
        ),
        save: await screen.findByRole('button', { name: 'Find on every console' }),
        sent: () => sent().filter((call) => call.channel === 'fleet.find')
      }
    }
  }
]
