import { resolve } from 'node:path'
import { findElectronBinary } from '../../src-main/launcher/electron-binary'

/** Where the Electron binary is, or why the electron project skips (it is not downloaded by npm). */
export function electronBinary(): { path: string } | { missing: string } {
  const binary = findElectronBinary(resolve(import.meta.dirname, '../..'))
  if ('path' in binary) return { path: binary.path }
  return {
    missing: `${binary.missing}: npm does not download it and this machine cannot reach GitHub (\`npm run electron:install\` gets it). The renderer project covers these specs here.`,
  }
}
