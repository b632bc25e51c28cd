import type { Configuration } from 'electron-builder'

// The installers, built by `npm run dist` with electron-builder (docs/installers.md says why
// this tool, and what needs GitHub). test/packaging/packed-app.test.ts packs the Linux app here
// against a stand-in Electron and checks this file's promises.

/**
 * Electron's fuses, flipped in the binary before it is signed: no running as plain Node, no
 * NODE_OPTIONS, no --inspect, the app read only from its asar and the asar checked against the
 * hash signed into the binary (macOS and Windows), cookies encrypted, no extra rights for file://.
 */
export const FUSES: NonNullable<Configuration['electronFuses']> = {
  runAsNode: false,
  enableCookieEncryption: true,
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  enableEmbeddedAsarIntegrityValidation: true,
  onlyLoadAppFromAsar: true,
  loadBrowserProcessSpecificV8Snapshot: false,
  grantFileProtocolExtraPrivileges: false,
  // Flipping a fuse voids the ad-hoc signature an unsigned Apple Silicon build carries, and macOS
  // would kill the app: it is signed ad hoc again (a real signature replaces it where one is set).
  resetAdHocDarwinSignature: true,
}

const configuration: Configuration = {
  appId: 'dev.integrator-console.desktop',
  productName: 'Integrator Console',
  executableName: 'integrator-console',
  // No spaces: GitHub renames release assets with spaces, and SHA256SUMS would name another file.
  artifactName: '${name}-${version}-${os}-${arch}.${ext}',
  copyright: 'Copyright © 2026 Integrator Console contributors',
  directories: { output: 'out/installers', buildResources: 'scripts/packaging' },
  // The built app only: its main, preload and page. The production dependencies are added by
  // electron-builder from package.json; nothing of the tests, scripts, sources or .tools/.
  files: ['out/main/**', 'out/preload/**', 'out/renderer/**', 'package.json', '!**/*.map'],
  asar: true,
  // Native modules cannot be loaded from inside an archive: their .node files sit beside it in
  // app.asar.unpacked, where Electron's require finds them.
  asarUnpack: ['**/*.node'],
  // libsql and @napi-rs/keyring are N-API builds, one per platform from npm: nothing to rebuild.
  npmRebuild: false,
  electronFuses: FUSES,
  icon: 'out/icons/icon.png',
  linux: {
    target: ['AppImage', 'deb'],
    icon: 'out/icons',
    category: 'Development',
    synopsis: 'Admin console for the pending-company-user service',
    maintainer: 'Integrator Console contributors <integrator-console@users.noreply.github.com>',
  },
  mac: {
    target: ['dmg', 'zip'],
    category: 'public.app-category.developer-tools',
    hardenedRuntime: true,
    entitlements: 'scripts/packaging/entitlements.mac.plist',
    entitlementsInherit: 'scripts/packaging/entitlements.mac.plist',
    // Notarised with APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD and APPLE_TEAM_ID; a refusal fails
    // the build. The release workflow turns it off, with a warning, where they are not set.
    notarize: true,
  },
  win: { target: ['nsis'] },
  nsis: { oneClick: false, perMachine: false, allowToChangeInstallationDirectory: true },
}

export default configuration
