/**
 * Every window's web preferences but its preload: sandboxed and isolated, Node in no frame or worker,
 * no webviews, no insecure content. Apart from window.ts, which needs Electron, so that the packaging
 * test can compare the built bundle's window with them.
 */
export const hardenedWebPreferences = {
  sandbox: true,
  contextIsolation: true,
  nodeIntegration: false,
  nodeIntegrationInWorker: false,
  nodeIntegrationInSubFrames: false,
  webSecurity: true,
  allowRunningInsecureContent: false,
  webviewTag: false,
  spellcheck: false
} as const
