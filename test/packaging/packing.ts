import { builtinModules } from 'node:module'
import { chmodSync, existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'

export const ROOT = join(import.meta.dirname, '..', '..')

interface Manifest {
  version?: string
  dependencies?: Record<string, string>
  optionalDependencies?: Record<string, string>
}
const manifestOf = (folder: string): Manifest =>
  JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as Manifest

/** The app's production dependencies, as its package.json names them. */
export function productionDependencies(): string[] {
  return Object.keys(manifestOf(ROOT).dependencies ?? {}).sort()
}

/**
 * Every package the production dependencies bring, as npm installed them on this machine: an
 * optional one for another platform is not installed, and is not expected.
 */
export function installedClosure(): string[] {
  const found = new Set<string>()
  const visit = (name: string) => {
    const folder = join(ROOT, 'node_modules', name)
    if (found.has(name) || !existsSync(folder)) return
    found.add(name)
    const manifest = manifestOf(folder)
    for (const next of Object.keys({ ...manifest.dependencies, ...manifest.optionalDependencies }))
      visit(next)
  }
  for (const name of productionDependencies()) visit(name)
  return [...found].sort()
}

// A package found with import.meta.resolve is loaded too, by path: main resolves the keyring
// addon there for the keychain host it starts (src-main/core/keychain/keychain-host.ts).
const BARE_IMPORT =
  /(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|\bimport\.meta\.resolve\s*\(\s*)["']([^"'./][^"']*)["']/g

/** The packages the built main process and preload load at run time (not Node's, not Electron). */
export function packagesTheBuiltAppLoads(): string[] {
  const builtins = new Set(builtinModules)
  const files = ['out/main', 'out/main/chunks', 'out/preload'].flatMap((folder) =>
    readdirSync(join(ROOT, folder), { withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.c?js$/.test(entry.name))
      .map((entry) => join(ROOT, folder, entry.name)),
  )
  const names = new Set<string>()
  for (const file of files) {
    // Comments may quote an import; the code's own lines start otherwise.
    const code = readFileSync(file, 'utf8').replace(/^\s*(\*|\/\/).*$/gm, '')
    for (const [, specifier = ''] of code.matchAll(BARE_IMPORT)) {
      const name = specifier.startsWith('@')
        ? specifier.split('/').slice(0, 2).join('/')
        : (specifier.split('/')[0] ?? '')
      if (!name.startsWith('node:') && !builtins.has(name) && name !== 'electron') names.add(name)
    }
  }
  return [...names].sort()
}

/** The packages inside an asar, from its file list. */
export function packagesIn(files: readonly string[]): string[] {
  const names = new Set<string>()
  for (const file of files) {
    const parts = file.split('/')
    // The top level of node_modules only: a package's own nested copy is its business.
    if (parts[1] !== 'node_modules' || parts.length < 4) continue
    const name = parts[2]?.startsWith('@') ? `${parts[2]}/${parts[3] ?? ''}` : (parts[2] ?? '')
    if (name.startsWith('@') && parts.length < 5) continue
    names.add(name)
  }
  return [...names].sort()
}

/**
 * An Electron distribution folder with no Electron in it: the files electron-builder copies and
 * renames, and an `electron` that says what it is. Applying fuses needs the real binary.
 */
export function standInElectron(folder: string): string {
  const version = electronVersion()
  mkdirSync(join(folder, 'resources'), { recursive: true })
  const binary = join(folder, 'electron')
  writeFileSync(
    binary,
    '#!/bin/sh\necho "a stand-in for Electron, which is not installed" >&2\nexit 1\n',
  )
  chmodSync(binary, 0o755)
  writeFileSync(join(folder, 'version'), `${version}\n`)
  writeFileSync(join(folder, 'LICENSE'), 'stand-in\n')
  writeFileSync(join(folder, 'LICENSES.chromium.html'), '<p>stand-in</p>\n')
  return folder
}

/** The Electron version this checkout pins. */
export function electronVersion(): string {
  return manifestOf(join(ROOT, 'node_modules', 'electron')).version ?? ''
}

/** Electron's own distribution folder, where `npm run electron:install` has put the binary. */
export function realElectron(): string | null {
  const folder = join(ROOT, 'node_modules', 'electron', 'dist')
  return existsSync(join(folder, process.platform === 'win32' ? 'electron.exe' : 'electron'))
    ? folder
    : null
}
