// Loaded with `--import` before the built main process. It changes two things about module
// resolution: the specifier 'electron' names the recording stand-in, and the stand-in's own
// modules, which import each other without an extension as the type checker wants, find their
// .ts files. Every other specifier goes to Node's own resolver from the importing file, so
// out/main finds libsql, @napi-rs/keyring and the rest the way Electron's Node would find them
// from the same folder.
import { readFileSync } from 'node:fs'
import { builtinModules, registerHooks } from 'node:module'
import type { Resolution } from './stand-in-protocol'

// Electron's main process says what it is in process.versions: code that takes another way there
// (the keychain runs on a thread, as no Node process can be started from the packaged app:
// src-main/core/keychain/keychain-host.ts) takes that way under the stand-in too.
const electron = JSON.parse(
  readFileSync(new URL('../../node_modules/electron/package.json', import.meta.url), 'utf8'),
) as { version: string }
Object.defineProperty(process.versions, 'electron', { value: electron.version, enumerable: true })

const STAND_IN_FOLDER = new URL('./', import.meta.url).href
const STAND_IN_URL = new URL('./electron-stand-in.ts', import.meta.url).href

/** Shared with the stand-in through globalThis: the two modules cannot import each other here. */
const RESOLUTIONS = Symbol.for('integrator-console.electron-stand-in.resolutions')
const resolutions: Resolution[] = []
Object.defineProperty(globalThis, RESOLUTIONS, { value: resolutions })

function isBareSpecifier(specifier: string): boolean {
  if (/^(\.|\/|[a-z][a-z0-9+.-]*:)/i.test(specifier)) return false
  return !builtinModules.includes(specifier)
}

/** A stand-in module's `./stand-in-…` import, as the .ts file it names; undefined for any other. */
function standInModule(specifier: string, parentURL: string | undefined): string | undefined {
  if (!specifier.startsWith('./') || specifier.endsWith('.ts')) return undefined
  if (parentURL === undefined || !parentURL.startsWith(STAND_IN_FOLDER)) return undefined
  return new URL(`${specifier}.ts`, parentURL).href
}

registerHooks({
  resolve(specifier, context, nextResolve) {
    if (specifier === 'electron') return { url: STAND_IN_URL, shortCircuit: true }
    const standIn = standInModule(specifier, context.parentURL)
    if (standIn !== undefined) return { url: standIn, shortCircuit: true }
    const resolved = nextResolve(specifier, context)
    if (isBareSpecifier(specifier))
      resolutions.push({ specifier, parentURL: context.parentURL, url: resolved.url })
    return resolved
  },
})
