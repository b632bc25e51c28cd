import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

export type ElectronBinary =
  { path: string; version: string } | { missing: string; version: string | null }

/**
 * Where Electron's binary is, found without loading the `electron` package: loading it starts a
 * download from GitHub when the binary is missing, which hangs or fails on a closed network.
 */
export function findElectronBinary(
  projectRoot: string,
  env: NodeJS.ProcessEnv = process.env,
): ElectronBinary {
  let packageFolder: string
  let version: string
  try {
    const manifest = createRequire(join(projectRoot, 'package.json')).resolve(
      'electron/package.json',
    )
    packageFolder = dirname(manifest)
    version = (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version
  } catch {
    return { missing: 'the electron package is not installed (run npm ci)', version: null }
  }
  const pathFile = join(packageFolder, 'path.txt')
  const relativePath = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null
  const distFolder = env.ELECTRON_OVERRIDE_DIST_PATH ?? join(packageFolder, 'dist')
  const binary = relativePath === null ? null : join(distFolder, relativePath)
  if (binary !== null && existsSync(binary)) return { path: binary, version }
  return {
    missing: `Electron ${version}'s binary is not installed (${join(distFolder, relativePath ?? '')} is missing)`,
    version,
  }
}

/** What to tell a user whose machine has no Electron binary: what, the one command, the variables. */
export function electronMissingAdvice(missing: string): string {
  return [
    `${missing}.`,
    'npm does not download it: it comes from GitHub, which not every machine can reach.',
    'To get the desktop window, run `npm run electron:install` once; it downloads the Electron',
    'zip for this platform from GitHub, or from the mirror in ELECTRON_MIRROR, and goes through a',
    'proxy when ELECTRON_GET_USE_PROXY=true and HTTPS_PROXY are set.',
    'Meanwhile the same console opens in your browser as an app window (the browser shell):',
    'same data folder, keychain, local sandbox and rules.',
  ].join(' ')
}
