import { join } from 'node:path'
import { createEventHub, type EventHub } from './events'
import { Connections } from './connections/connections'
import { ConsoleReachCheck } from './connections/console-reach'
import type { KeyValueStore } from './storage/key-value-store'
import type { SecretStore } from './connections/secret-store'
import type { StartDemoConsole } from './connections/demo-starter'
import type { BadgePrinter } from './badges/printer'
import { BadgeService } from './badges/badge-service'
import { BatchService } from './batches/batch-service'
import { activeConsoleOf } from './batches/console-port'
import { ScanSession } from './batches/scan-session'
import { CardInventory } from './cards/card-inventory'
import { watchCardStaleness } from './cards/card-staleness'
import { EnrollmentService } from './enrollment/enrollment'
import { probeEditPermission } from './access/permission-probe'
import { actionKeys } from '../../shared/access/permissions'
import { PinService } from './pins/pin-service'
import { forkNodeHost } from './reader/fork-node'
import type { ForkHost } from './reader/host-process'
import { ReaderService } from './reader/reader-service'
import { TouchPassService } from './touch-passes/touch-pass-service'
import { VisitorService } from './visitors/visitor-service'
import { KioskService, type KioskWindows } from './kiosk/kiosk-service'
import { TodayDesk } from './today/today-desk'
import { DeskZone } from './today/desk-day'
import { CHECKIN_LIMIT } from './kiosk/checkin-log'
import { HISTORY_LIMIT } from './badges/history'
import { DeskArrivals } from './visitors/desk-arrivals'
import { QrCodeLog } from './badges/qr-code-log'
import type { ConsoleScope } from './storage/durable-list'
import { newestOutputs, newestPrints } from '../../shared/badges/newest-prints'
import { AuditService } from './audit/audit-service'
import { RosterService } from './roster/roster-service'
import { lockDataDir, type DataDirLock, type LockOwner } from './storage/data-dir-lock'
import { createFleet } from './fleet/create-fleet'

export type Transport = 'electron' | 'web' | 'cli' | 'test'

export interface AppServicesOptions {
  dataDir: string
  transport: Transport
  version: string
  /** Where profiles and settings live (electron-store in the app, conf elsewhere). */
  store: KeyValueStore
  secrets: SecretStore
  /** Starts the built-in demo console: `startDemoConsole` of src/demo-console/server.ts, given by the entry. */
  startDemoConsole: StartDemoConsole
  /** false: no saved console stays none (the CLI, whose demo console is only for --demo); default true. */
  demoOnFirstStart?: boolean
  /** How to start helper processes; set by the Electron entry (utilityProcess) or Node (fork). */
  forkHost?: ForkHost
  /** Badge printing through the app window (Electron only; web mode prints from the browser). */
  printer?: BadgePrinter
  /** The full-screen kiosk window (Electron only; web mode shows the /kiosk page instead). */
  kioskWindows?: KioskWindows
  /** The data folder's lock, when the caller took it before reading the folder (the CLI); else taken here. */
  lock?: DataDirLock
}

/**
 * Every long-lived service of the main process, built once per process, here and only here: the
 * handlers receive them. Plain Node: the Electron entry, web mode, the CLI and tests all build the
 * same graph, differing only in store, secrets, how a host process starts and the printer.
 * Building is cheap: nothing touches the disk, the console or PC/SC until first used.
 */
export async function createAppServices(options: AppServicesOptions) {
  // One process owns a data folder (storage/data-dir-lock.ts): taken before anything reads it.
  const lock = options.lock ?? (await lockDataDir(options.dataDir, LOCK_OWNERS[options.transport]))
  try {
    return await buildAppServices(options, lock)
  } catch (err) {
    await lock.release()
    throw err
  }
}

const LOCK_OWNERS: Record<Transport, LockOwner> = {
  electron: 'the desktop app',
  web: 'web mode',
  cli: 'the CLI',
  test: 'a test'
}

async function buildAppServices(options: AppServicesOptions, lock: DataDirLock) {
  const events: EventHub = createEventHub()
  const audit: AuditService = new AuditService({
    dir: join(options.dataDir, 'audit'),
    store: options.store,
    activeConsole: async () => {
      const { profiles, activeId } = await connections.list()
      const active = profiles.find((p) => p.id === activeId)
      return active ? { name: active.name, url: active.url, id: active.fingerprint256 } : null
    },
    onSettled: (settled) => {
      events.emit('audit.settled', settled)
      // An upload part the audit read back: the batch rows it left to check are settled by the same read.
      void batches.auditRowSettled(settled.rowId)
    },
    // The rows an earlier run left Unknown are read back through the active console's client.
    activeReader: () => connections.client()
  })
  // Every call of every profile's client feeds its connection state (witness below).
  const reach: ConsoleReachCheck = new ConsoleReachCheck({
    active: async () => {
      const { activeId } = await connections.list()
      return activeId ? { id: activeId, client: () => connections.client(activeId) } : null
    },
    emit: (answer) => {
      events.emit('connections.reach', answer)
      // The console answers again: the writes whose outcome was lost with it are read back now.
      if (answer.state === 'reachable' || answer.state === 'permissions') void audit.settleLater()
    }
  })
  const connections = new Connections({
    store: options.store,
    secrets: options.secrets,
    dataDir: options.dataDir,
    startDemoConsole: options.startDemoConsole,
    onChange: (activeId) => events.emit('connections.changed', { activeId }),
    recordWrites: (console, reader) => audit.recorder(console, reader),
    witness: reach
  })
  if (options.demoOnFirstStart !== false) await connections.ensureFirstStart()
  const client = () => connections.client()

  const batches = new BatchService({
    dir: join(options.dataDir, 'batches'),
    emit: events.emit,
    client,
    activeConsole: () => activeConsoleOf(connections),
    settleAuditRow: (rowId, finding) => audit.settleRow(rowId, finding)
  })
  const reader: ReaderService = new ReaderService({
    store: options.store,
    forkHost: options.forkHost ?? forkNodeHost,
    emit: events.emit,
    // A tap is handled by the scan session (below), once the panel has been sent the card; while a
    // roster's enrollment line runs on the USB reader, by that line instead.
    onCard: (card) => {
      if (rosters.usbTap(card)) return
      void scans.tap(card).catch(() => undefined)
    }
  })
  const scans = new ScanSession({
    batches,
    beep: (name, kind) => reader.feedback(name, kind),
    emit: events.emit
  })
  const cards = new CardInventory(connections, (loaded, total) => events.emit('cards.progress', { loaded, total }))
  watchCardStaleness(cards, events)
  const enrollment = new EnrollmentService({
    client,
    emit: events.emit,
    probe: async () => probeEditPermission(await client(), actionKeys.enroll.start)
  })
  // The desk's records of a console's visitors (QR codes, prints, check-ins) are kept with the active
  // console and read on it only (storage/durable-list.ts).
  const activeConsole: ConsoleScope = async () => (await activeConsoleOf(connections))?.profileId ?? null
  const qrCodes = new QrCodeLog(options.dataDir, activeConsole)
  const deskArrivals = new DeskArrivals(options.dataDir, activeConsole)
  const badges = new BadgeService({
    dataDir: options.dataDir,
    console: activeConsole,
    transport: options.transport,
    client,
    // Read at each print: the printer may be given after start (tests, a window opened later).
    printer: (): BadgePrinter | undefined => services.printer,
    audit: (print) => audit.badgePrinted(print)
  })

  // The desk's time zone as its screens name it: one "today" for Today, the kiosk, Visitors and Consoles.
  const deskZone = new DeskZone()
  const kiosk: KioskService = new KioskService({
    dataDir: options.dataDir,
    console: activeConsole,
    store: options.store,
    client,
    badges,
    emit: events.emit,
    appPrints: (): boolean => services.printer !== undefined,
    windows: (): KioskWindows | undefined => services.kioskWindows,
    qrGiven: (visitorId) => qrCodes.recordAssigned(visitorId),
    deskZone
  })

  const today = new TodayDesk({
    dataDir: options.dataDir,
    client,
    target: () => connections.activeTarget(),
    badgeMarks: async () => {
      const history = await badges.list(HISTORY_LIMIT)
      const printed = newestPrints(history)
      return {
        printed,
        qrRevokedSincePrint: await qrCodes.sincePrint(printed),
        qrAssigned: await qrCodes.assignedNow(),
        outputs: newestOutputs(history)
      }
    },
    // Who checked in at the kiosk (read only): the console keeps them ACTIVE, Today groups them as here.
    checkins: () => kiosk.checkins(CHECKIN_LIMIT),
    // The walk-ins this desk added and the visits it ended (read only): they were here, Today groups an ended one as left.
    deskArrivals: () => deskArrivals.read(),
    deskZone,
    emit: events.emit
  })
  // Another console: Today's socket and list belong to the previous one.
  events.subscribe((event) => {
    if (event === 'connections.changed') void today.live.restart()
    if (event === 'kiosk.checkedIn') today.live.deskChanged()
  })

  const rosters = new RosterService({
    dir: join(options.dataDir, 'rosters'),
    store: options.store,
    client,
    emit: events.emit,
    batchRows: async (batchId) => (await batches.get(batchId)).rows,
    batchImported: (batchId, rowId, card) => batches.recordImported(batchId, rowId, card),
    asEnrollmentBind: (run) => audit.as('enrollment bind', run),
    audit,
    beep: (name, kind) => reader.feedback(name, kind),
    activeConsole: () => activeConsoleOf(connections)
  })

  let prepared = false
  const services = {
    ...options,
    events,
    deskZone,
    connections,
    reach,
    batches,
    scans,
    reader,
    cards,
    enrollment,
    badges,
    kiosk,
    audit,
    qrCodes,
    visitors: new VisitorService(
      client,
      (visitorId) => qrCodes.recordRevoked(visitorId),
      // Who checked in at the kiosk (read only), as Today: Visitors shows them Here too.
      () => kiosk.checkins(CHECKIN_LIMIT),
      // Every QR code given here (Visitors, Badges' print): Today's access column reads the record.
      (visitorId) => qrCodes.recordAssigned(visitorId),
      // Every walk-in added and visit ended here: Today and Visitors say the visitor left, not that they never came.
      deskArrivals,
      deskZone
    ),
    pins: new PinService(client),
    touchPasses: new TouchPassService(client),
    today,
    rosters,
    // Every saved console at once (the Consoles screen, find across consoles).
    fleet: createFleet({ connections, reach, batches, emit: events.emit, deskZone }),
    /**
     * Called by an app entry once its window is up, and again after a switch: the active console's
     * client is built (token read, pinned certificate set up) before the first screen needs it, and
     * the console is checked (one read, see console-reach.ts) so the nav can say whether it answers.
     */
    prepare(): void {
      if (prepared) return
      prepared = true
      audit.prepare() // the audit journal read now, not when Audit opens or the first write waits
      const ready = () => {
        connections.prepare()
        reach.check().catch(() => undefined)
      }
      ready()
      events.subscribe((event) => {
        if (event === 'connections.changed') ready()
      })
    },
    async close() {
      try {
        today.live.close()
        // No check of the console after this (a retry, a lost answer's confirmation): it would build a client.
        await reach.close()
        // The rosters first: a run stops after its steps in flight, whose answers are journaled.
        await rosters.close()
        await Promise.allSettled([batches.close(), enrollment.close(), reader.stop(), audit.close()])
        await connections.close()
      } finally {
        // Last: nothing of this process writes the folder after another may take it.
        await lock.release()
      }
    }
  }
  return services
}

export type AppServices = Awaited<ReturnType<typeof buildAppServices>>
