/**
 * What the reader panel says in each state, per platform: message says what, hint what to do.
 * Commands are quoted with typographic quotes: the panel shows text as is, never markdown.
 */

export function installHint(platform: NodeJS.Platform, packaged = false): string {
  // An installed package carries its own addon: only the system's PC/SC can be missing, and a user of the
  // package has no npm to rebuild with.
  if (packaged) {
    return platform === 'linux'
      ? 'Install the PC/SC service (Debian/Ubuntu: “sudo apt install pcscd libpcsclite1”; Fedora: “sudo dnf install pcsc-lite”), then restart Access Desk.'
      : 'The reader part of this installation is missing or damaged: reinstall Access Desk, then restart it.'
  }
  if (platform === 'linux') {
    return 'Install the PC/SC library and service (Debian/Ubuntu: “sudo apt install libpcsclite-dev pcscd”; Fedora: “sudo dnf install pcsc-lite-devel pcsc-lite”), then run “npm rebuild nfc-pcsc” (or “npm install --include=optional” if it was skipped) and restart Access Desk.'
  }
  return 'Run “npm rebuild nfc-pcsc” (or “npm install --include=optional” if it was skipped; it needs a C++ build toolchain) and restart Access Desk.'
}

/** Whether this process runs from an installed package (an Electron app read from app.asar). */
export function runsPackaged(path: string): boolean {
  return /[\\/]app\.asar[\\/]/.test(path)
}

/** The addon was built for another runtime (plain Node vs Electron): rebuild, do not reinstall. */
export function abiHint(): string {
  return 'The native PC/SC addon was built for a different Node.js/Electron version. Rebuild it for this one: “npx electron-builder install-app-deps” for the desktop app (packaging does this), or “npm rebuild @pokusew/pcsclite” for web mode.'
}

/**
 * The service is down (stopped, crashed, never started): said as such, never as "no reader" —
 * the pn533 advice would send the installer after a driver when the service is what is missing.
 */
export const noServiceMessage =
  'PC/SC service stopped: the smart-card service that talks to USB readers is not answering.'

export function noServiceHint(platform: NodeJS.Platform): string {
  if (platform === 'linux') {
    return 'Start it with “sudo systemctl enable --now pcscd.socket” (package pcscd). Taps are not read meanwhile; Access Desk keeps retrying and picks the reader up as soon as the service answers.'
  }
  if (platform === 'win32') {
    return 'Start the “Smart Card” service (SCardSvr) in services.msc, or plug the reader in (Windows starts the service when a reader appears). Taps are not read meanwhile; Access Desk keeps retrying.'
  }
  return 'macOS starts its smart-card service when a reader is plugged in: unplug the reader and plug it back. Taps are not read meanwhile; Access Desk keeps retrying.'
}

export const noReaderMessage = 'No reader connected.'

export function noReaderHint(platform: NodeJS.Platform): string {
  const plug = 'Plug the USB reader in; it appears here within a few seconds.'
  if (platform !== 'linux') return plug
  return `${plug} On Linux the kernel’s pn533_usb driver grabs ACR122U readers before the PC/SC service can see them: blacklist it with “echo blacklist pn533_usb | sudo tee /etc/modprobe.d/blacklist-pn533.conf”, run “sudo modprobe -r pn533_usb pn533”, then unplug and plug the reader back.`
}

export function readyMessage(readers: string[], selected: string | undefined): string {
  if (selected) return `Ready: hold a card on ${selected}.`
  if (readers.length === 1) return `Ready: hold a card on ${readers[0]}.`
  return `Ready: hold a card on any of the ${readers.length} readers.`
}

export const startingMessage = 'Starting the reader service…'

/** The reader process ended (crash, killed, stuck) and is being started again. */
export const restartingMessage = 'Reader service restarting…'

export const restartingHint =
  'Cards are not read until it is back, in a few seconds. Leave a card on the reader: it is picked up as soon as the service is back.'

/** The reader process never said it had started (the desk words it from `cause: notStarted`). */
export const notStartedMessage = 'The reader process did not start.'

/** What to do after a card could not be read (the desk words it from `cause: unread`). */
export const unreadHint = 'Hold the card flat and still on the reader, then tap again.'
