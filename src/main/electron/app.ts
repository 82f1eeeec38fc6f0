import { app, BrowserWindow } from 'electron'
import { createAppServices } from '../services/app-services'
import { startDemoConsoleOnDemand } from '../../demo-console/start-on-demand'
import { createDispatch } from '../services/ipc/dispatch'
import { createHandlers } from '../handlers'
import { bindIpc, forwardEvents } from './ipc'
import { allowConsoleLinks, createMainWindow, denyPermissions, hardenWebContents } from './window'
import { createSafeStorageVault } from './vault'
import { createElectronStore } from './store'
import { forkUtilityHost } from './reader-process'
import { createElectronBadgePrinter } from './printing'
import { kioskSwitch } from './kiosk-window'

/** Build the services, bind IPC once, open the window. */
export async function startDesktopApp(): Promise<void> {
  app.on('web-contents-created', (_e, contents) => hardenWebContents(contents))
  await app.whenReady()
  denyPermissions()
  const services = await createAppServices({
    dataDir: app.getPath('userData'),
    transport: 'electron',
    version: app.getVersion(),
    store: createElectronStore('profiles'),
    secrets: createSafeStorageVault(),
    startDemoConsole: startDemoConsoleOnDemand,
    forkHost: forkUtilityHost,
    // The badge is printed from the window that shows it.
    printer: createElectronBadgePrinter(
      () => (BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0])?.webContents
    )
  })
  bindIpc(createDispatch(createHandlers(services)))
  // A link may open in the user's browser only on a configured console's address (or documentation).
  allowConsoleLinks(async () => (await services.connections.list()).profiles.map((p) => p.url))

  const open = () => {
    const win = createMainWindow()
    const unsubscribe = forwardEvents(services.events.subscribe, win.webContents)
    win.on('closed', unsubscribe)
  }
  // Kiosk mode: the kiosk window replaces the desk's; the right exit PIN brings the desk's back.
  services.kioskWindows = kioskSwitch({
    openDesk: open,
    attach: (win) => forwardEvents(services.events.subscribe, win.webContents)
  })
  // A badge station starts straight into the kiosk (`--kiosk`), once a PIN to leave it is set.
  if (process.argv.includes('--kiosk') && services.kiosk.getSettings().pinSet) services.kioskWindows.enter()
  else open()
  services.prepare()
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) open()
  })
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
  app.on('will-quit', () => void services.close())
}
