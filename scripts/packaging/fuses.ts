import { FuseV1Options, FuseVersion, type FuseV1Config } from '@electron/fuses'

/**
 * The Electron fuses flipped in every packaged binary (the afterPack hook applies exactly this object).
 * Each one closes a way to run code other than the packed, integrity-checked app.asar.
 */
export const fuseConfig = {
  version: FuseVersion.V1,
  // ELECTRON_RUN_AS_NODE would turn the signed binary into a general-purpose Node.
  [FuseV1Options.RunAsNode]: false,
  // Cookies on disk are encrypted with the OS key store, like safeStorage.
  [FuseV1Options.EnableCookieEncryption]: true,
  // NODE_OPTIONS=--require … and --inspect would inject code into main.
  [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
  [FuseV1Options.EnableNodeCliInspectArguments]: false,
  // app.asar's header hash is checked at start (macOS, Windows): a modified archive does not run…
  [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
  // …and a loose resources/app folder next to it cannot take its place.
  [FuseV1Options.OnlyLoadAppFromAsar]: true,
  // No custom V8 snapshot is shipped.
  [FuseV1Options.LoadBrowserProcessSpecificV8Snapshot]: false,
  // Kept on: the renderer is loaded from file:// (module scripts and their chunks need file's privileges).
  [FuseV1Options.GrantFileProtocolExtraPrivileges]: true
} satisfies FuseV1Config
