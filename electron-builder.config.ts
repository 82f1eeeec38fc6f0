import type { Configuration } from 'electron-builder'
import { afterPack } from './scripts/packaging/after-pack'

/**
 * Packaging: `npm run dist` builds for the current platform (Linux AppImage + .deb, Windows NSIS, macOS dmg).
 * The packaged app holds exactly what it runs; test/packaging/ checks the archive against the built
 * entry points' imports.
 */
const config: Configuration = {
  appId: 'app.accessdesk.desktop',
  productName: 'Access Desk',
  copyright: 'Copyright © 2026 the Access Desk authors',
  directories: { output: 'dist', buildResources: 'resources' },
  files: [
    'package.json',
    'out/main/**/*',
    'out/preload/**/*',
    'out/renderer/**/*',
    // Web mode's side of the socket bridge: the desktop app never loads it.
    '!out/renderer/web-bridge.js',
    // Build inputs of the nfc-pcsc addon (nan's headers, the sources, node-gyp's objects): only the .node runs.
    '!node_modules/nan{,/**/*}',
    '!node_modules/@pokusew/pcsclite/{src,build/Release/obj.target,build/Release/.deps}{,/**/*}',
    '!node_modules/@pokusew/pcsclite/build/{*.mk,Makefile,config.gypi,binding.Makefile}',
    // Never reached from out/main/index.js or the reader host (test/packaging/app-asar.test.ts walks their imports):
    // qrcode's command-line tool and the yargs it alone needs,
    '!node_modules/qrcode/bin{,/**/*}',
    '!node_modules/{yargs,yargs-parser,cliui,y18n,get-caller-file,require-directory,require-main-filename,set-blocking,which-module,decamelize,camelcase,wrap-ansi,string-width,strip-ansi,ansi-regex,ansi-styles,emoji-regex,is-fullwidth-code-point,color-convert,color-name,find-up,locate-path,p-limit,p-locate,p-try,path-exists}{,/**/*}',
    // selfsigned's PKCS#7 export (pkijs; its @noble/hashes stays: the badge PDF's pdfkit needs it), pino's
    // worker-thread transports (the demo console logs nothing), pako (only unicode-trie's builder, which builds
    // tries ahead of time, requires it; fontkit reads them with unicode-trie's index),
    // ajv's standalone code loader, and packages that hold only type declarations.
    '!node_modules/{pkijs,bytestreamjs,pako,pino-abstract-transport,real-require,split2,require-from-string,json-schema-typed,type-fest,tagged-tag}{,/**/*}',
    // What packages carry besides their code: tests, TypeScript sources and declarations, source maps, docs.
    // Licences stay. (The packaging test resolves every import inside the archive, so nothing needed goes.)
    '!**/node_modules/**/{test,tests,__tests__,spec,example,examples,benchmark,benchmarks,docs,.github}{,/**/*}',
    '!**/node_modules/**/*.{ts,mts,cts,map,md,markdown}',
    '!**/node_modules/**/{.npmignore,.eslintrc,.eslintrc.json,.prettierrc,.editorconfig,.travis.yml,tsconfig.json}'
  ],
  // The app's own licence next to Electron's and Chromium's in the installed folder.
  extraFiles: [{ from: 'LICENSE', to: 'LICENSE.txt' }],
  asar: true,
  // Electron cannot load a native addon from inside the archive.
  asarUnpack: ['node_modules/@pokusew/pcsclite/build/Release/*.node'],
  // Rebuild nfc-pcsc's addon against Electron's headers (downloaded) before packing; afterPack refuses the
  // package if what was packed is of another ABI (a rebuild that fell back to Node's headers).
  npmRebuild: true,
  afterPack,
  publish: null,
  linux: {
    target: ['AppImage', 'deb'],
    executableName: 'access-desk',
    icon: 'resources/icons',
    category: 'Office',
    synopsis: 'Credentials and visitors of a UniFi Access console',
    description:
      'PIN codes, NFC cards and import batches, Touch Passes, visitors and badges, through the developer API of a UniFi Access console.',
    maintainer: 'Access Desk <access-desk@users.noreply.github.com>',
    vendor: 'Access Desk',
    // The desktop entry: Name, Comment (the description), Icon, Exec and StartupWMClass (package.json's
    // desktopName) come from the rest of the configuration; `category` becomes Categories.
    desktop: {
      entry: {
        GenericName: 'Access credentials and visitors',
        Keywords: 'access;visitor;badge;NFC;card;PIN;UniFi;'
      }
    }
  },
  deb: {
    // The USB reader talks to PC/SC through pcscd; the app works without it and says what to install.
    recommends: ['pcscd'],
    // electron-builder's default list (it is replaced, not extended) plus the PC/SC client library.
    depends: [
      'libgtk-3-0',
      'libnotify4',
      'libnss3',
      'libxss1',
      'libxtst6',
      'xdg-utils',
      'libatspi2.0-0',
      'libuuid1',
      'libsecret-1-0',
      'libpcsclite1'
    ]
  },
  appImage: { license: 'LICENSE' },
  win: { target: ['nsis'], icon: 'resources/icon.ico' },
  nsis: {
    oneClick: false,
    perMachine: false,
    allowToChangeInstallationDirectory: true,
    license: 'LICENSE',
    shortcutName: 'Access Desk'
  },
  mac: {
    target: ['dmg'],
    icon: 'resources/icon.icns',
    category: 'public.app-category.business',
    hardenedRuntime: true
  },
  dmg: { title: 'Access Desk' }
}

export default config
