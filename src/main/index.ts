import { app } from 'electron'
import { startDesktopApp } from './electron/app'

// One instance per user: a second launch focuses nothing new and exits.
if (!app.requestSingleInstanceLock()) app.quit()
else
  startDesktopApp().catch((err: unknown) => {
    console.error('Access Desk could not start:', err instanceof Error ? err.message : err)
    app.exit(1)
  })
