import { tick } from 'svelte'
import { AppError } from '../../../shared/errors'
import { fleetQuerySchema, type FleetConsole, type FleetFound, type FleetHit } from '../../../shared/fleet/schemas'
import { getApi, type Api } from '../lib/api'
import { inDeskZone } from '../lib/desk-zone'
import { connection } from './connection.svelte'
import { router, type ScreenId } from './router.svelte'
import { announce } from '../lib/action-outcome.svelte'
import { keptWords } from '../lib/draft-kinds'
import { draftsWaiting, waitingWords } from '../lib/drafts-waiting.svelte'

let requests = 0
/** A read's own id: the events of an earlier read (Read again pressed meanwhile) are told apart by it. */
const requestId = (what: string) => `${what}-${Date.now().toString(36)}-${++requests}`

/** Where each kind of record found opens. */
export const screenOfHit: Record<FleetHit['kind'], ScreenId> = {
  user: 'cards',
  card: 'cards',
  visitor: 'visitors',
  touchPass: 'touch-passes'
}

/**
 * The Consoles screen: every saved console at once (main reads them concurrently, each with its own
 * time limit, fleet-service.ts) and a find across them. Each console's answer lands as it comes
 * (`fleet.console`, `fleet.found`), so a slow or dead console holds up no other.
 *
 * Not console-scoped (console-scope.ts): it holds what every console answered, each result named by
 * its console; opening a result switches to that console first, and the switch drops the other
 * stores' data as ever.
 */
export class FleetStore {
  /** Each console's last read, by profile id. */
  consoles = $state.raw<Record<string, FleetConsole>>({})
  /** The consoles the read under way still waits for. */
  reading = $state.raw<readonly string[]>([])
  /** The read itself failed (main not answering): no console could be asked. */
  readError = $state.raw<AppError | null>(null)
  private readId: string | null = null

  /** What is typed in the find field. */
  query = $state('')
  /** The words the results below are for (null: nothing looked for yet). */
  searched = $state<string | null>(null)
  /** Each console's answer to the find, by profile id. */
  found = $state.raw<Record<string, FleetFound>>({})
  /** The consoles the find under way still waits for. */
  looking = $state.raw<readonly string[]>([])
  /** The find was refused before any console was asked (nothing typed), or main failed. */
  findError = $state.raw<AppError | null>(null)
  private findId: string | null = null

  private listeningTo: Api | undefined

  /** Hear each console's answer as it comes, from the first read on. */
  private listen(): void {
    const api = getApi()
    if (this.listeningTo === api) return
    this.listeningTo = api
    api.on('fleet.console', ({ requestId, console }) => {
      if (requestId === this.readId) this.keepConsole(console)
    })
    api.on('fleet.found', ({ requestId, found }) => {
      if (requestId === this.findId) this.keepFound(found)
    })
  }

  private keepConsole(console: FleetConsole): void {
    this.consoles = { ...this.consoles, [console.profileId]: console }
    this.reading = without(this.reading, console.profileId)
  }

  private keepFound(found: FleetFound): void {
    this.found = { ...this.found, [found.profileId]: found }
    this.looking = without(this.looking, found.profileId)
  }

  /** Read every saved console again (the screen shown, Read again). */
  async read(): Promise<void> {
    this.listen()
    const id = requestId('read')
    this.readId = id
    this.readError = null
    this.reading = connection.profiles.map((p) => p.id)
    try {
      const { consoles } = await getApi().fleet.consoles(inDeskZone({ requestId: id }))
      if (this.readId !== id) return
      // Every answer again, in case an event was missed (a tab that reconnected meanwhile).
      for (const console of consoles) this.keepConsole(console)
    } catch (err) {
      if (this.readId === id) this.readError = AppError.from(err)
    } finally {
      if (this.readId === id) this.reading = []
    }
  }

  /** Look for what is typed on every saved console. */
  async find(): Promise<void> {
    this.listen()
    const parsed = fleetQuerySchema.safeParse(this.query)
    if (!parsed.success) {
      // Said at once, nothing asked: what to type instead (the field keeps what was typed).
      this.findError = new AppError({ kind: 'validation', message: parsed.error.issues[0]!.message })
      return
    }
    const id = requestId('find')
    this.findId = id
    this.findError = null
    this.searched = parsed.data
    this.found = {}
    this.looking = connection.profiles.map((p) => p.id)
    try {
      const { results } = await getApi().fleet.find({ requestId: id, query: parsed.data })
      if (this.findId !== id) return
      for (const found of results) this.keepFound(found)
    } catch (err) {
      if (this.findId === id) this.findError = AppError.from(err)
    } finally {
      if (this.findId === id) this.looking = []
    }
  }

  /**
   * Open a record found on its console: that console is made the active one first (the shell then
   * drops every store's data of the console left, console-scope.ts), then the record's screen opens
   * with it selected — a card (or a person's cards) in Cards by the Cards filter, a visitor in
   * Visitors, a Touch Pass in Touch Passes.
   */
  async open(profileId: string, hit: FleetHit): Promise<void> {
    if (connection.activeId !== profileId) {
      // What the switch keeps with the console left (unsaved drafts) is said: the record's opening says nothing.
      // And what waits unsaved on the console opened (lib/drafts-waiting), shown above the screen too.
      const kept = await connection.select(profileId)
      const said = [keptWords(kept), waitingWords(draftsWaiting.list)].filter(Boolean).join(' ')
      if (said) announce(said)
      // The shell's switch (App.svelte) runs on the next flush: the stores forget before they are set below.
      await tick()
    }
    switch (hit.kind) {
      case 'visitor': {
        const { visitors } = await import('./visitors.svelte')
        await visitors.openToShow(hit.id)
        break
      }
      case 'touchPass': {
        const { touchPasses } = await import('./touch-passes.svelte')
        await touchPasses.openToShow(hit.id)
        break
      }
      case 'card':
      case 'user': {
        const { cardsStore } = await import('./cards.svelte')
        // The card asked for first, so the first view main answers carries it selected.
        if (hit.kind === 'card') cardsStore.selectedToken = hit.id
        cardsStore.filter = hit.kind === 'card' ? (hit.cardFilter ?? hit.title) : ''
        // A person's cards by their id, not their name: another person of the same name is not mixed
        // in (walk C: two "Jun Ng"), and the screen names them with what tells them apart.
        cardsStore.owner = hit.kind === 'user' ? { id: hit.id, name: hit.title, detail: hit.detail } : null
        break
      }
    }
    router.go(screenOfHit[hit.kind])
  }
}

function without(ids: readonly string[], id: string): readonly string[] {
  return ids.includes(id) ? ids.filter((other) => other !== id) : ids
}

export const fleet = new FleetStore()
