import { app, dialog } from 'electron'
import { startDesktopApp } from './electron/app'
import { AppError } from '../shared/errors'
import { languageOfLocale, startupErrorTitle, startupErrorWords } from './startup-error-words'

// One instance per user: a second launch focuses nothing new and exits.
if (!app.requestSingleInstanceLock()) app.quit()
else
  startDesktopApp().catch((err: unknown) => {
    // The log line stays English; the person reads why, and what to do, in the system's language.
    console.error('Access Desk could not start:', err instanceof Error ? err.message : err)
    const language = languageOfLocale(app.getLocale())
    const { message, hint } = startupErrorWords(AppError.from(err).toData(), language)
    dialog.showErrorBox(startupErrorTitle(language), hint ? `${message}\n\n${hint}` : message)
    app.exit(1)
  })
