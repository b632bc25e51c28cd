import { execFile } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { promisify } from 'node:util'
import { extractAll, listPackage, statFile } from '@electron/asar'
import { FuseV1Options, FuseVersion, getCurrentFuseWire } from '@electron/fuses'
import { Arch, build, Platform, type Configuration } from 'electron-builder'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import packaging, { FUSES } from '../../electron-builder.config'
import {
  electronVersion,
  installedClosure,
  packagesIn,
  packagesTheBuiltAppLoads,
  productionDependencies,
  realElectron,
  ROOT,
  standInElectron,
} from './packing'

const run = promisify(execFile)

/** The app is packed for this machine's architecture: the native modules npm installed are its. */
const HOST =
  process.arch === 'arm64'
    ? { arch: Arch.arm64, elfMachine: 183, folder: 'linux-arm64-unpacked' }
    : { arch: Arch.x64, elfMachine: 62, folder: 'linux-unpacked' }

/** The fuses Electron's security guide asks for, as the issue lists them. */
const EXPECTED_FUSES = {
  runAsNode: false,
  enableCookieEncryption: true,
  enableNodeOptionsEnvironmentVariable: false,
  enableNodeCliInspectArguments: false,
  enableEmbeddedAsarIntegrityValidation: true,
  onlyLoadAppFromAsar: true,
  loadBrowserProcessSpecificV8Snapshot: false,
  grantFileProtocolExtraPrivileges: false,
  resetAdHocDarwinSignature: true,
}

async function packLinuxDir(output: string, electronDist: string, withFuses: boolean) {
  const config: Configuration = {
    ...packaging,
    electronDist,
    electronVersion: electronVersion(),
    ...(withFuses ? {} : { electronFuses: null }),
    directories: { ...packaging.directories, output },
  }
  await build({
    projectDir: ROOT,
    targets: Platform.LINUX.createTarget('dir', HOST.arch),
    config,
    publish: 'never',
  })
  return join(output, HOST.folder)
}

function sizeOf(path: string): number {
  if (!existsSync(path)) return 0
  const stats = statSync(path)
  if (!stats.isDirectory()) return stats.size
  return readdirSync(path).reduce((sum, name) => sum + sizeOf(join(path, name)), 0)
}
const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

describe('the desktop app, packed for Linux by electron-builder (the dir target)', () => {
  const work = mkdtempSync(join(tmpdir(), 'ic-packed-'))
  let app = ''
  let asar = ''
  let files: string[] = []

  beforeAll(async () => {
    await run('node', ['scripts/make-icons.mjs'], { cwd: ROOT })
    app = await packLinuxDir(
      join(work, 'packed'),
      standInElectron(join(work, 'electron-dist')),
      false,
    )
    asar = join(app, 'resources', 'app.asar')
    files = listPackage(asar, { isPack: false })
    const unpacked = join(app, 'resources', 'app.asar.unpacked')
    console.info(
      `packed app: ${megabytes(sizeOf(asar))} asar + ${megabytes(sizeOf(unpacked))} unpacked native modules; with Electron ${megabytes(sizeOf(app))} (here a stand-in: add about 250 MB)`,
    )
  }, 120_000)
  afterAll(() => rmSync(work, { recursive: true, force: true }))

  it('is the built app under its own name: out/main, out/preload, out/renderer and package.json', () => {
    expect(existsSync(join(app, 'integrator-console'))).toBe(true)
    const own = files.filter((file) => !file.startsWith('/node_modules'))
    expect(new Set(own.map((file) => file.split('/').slice(0, 3).join('/')))).toEqual(
      new Set(['/out', '/out/main', '/out/preload', '/out/renderer', '/package.json']),
    )
    expect(files.filter((file) => file.endsWith('.map'))).toEqual([])
  })

  it('holds the production dependencies only: what the built main loads, and what they bring', () => {
    expect(productionDependencies()).toEqual(packagesTheBuiltAppLoads())
    expect(packagesIn(files)).toEqual(installedClosure())
  })

  it('keeps the native modules outside the asar, where they load under Node as the packed main finds them', async () => {
    const natives = files.filter((file) => file.endsWith('.node'))
    expect(natives.length).toBeGreaterThanOrEqual(2)
    for (const file of natives) {
      expect(statFile(asar, file.slice(1), false)).toMatchObject({ unpacked: true })
      const unpacked = join(`${asar}.unpacked`, file)
      // Built for the machine the installer is for (x64 here): ELF's e_machine 62 is x86-64.
      expect({ file, machine: readFileSync(unpacked).readUInt16LE(18) }).toEqual({
        file,
        machine: 62,
      })
    }
    // The archive as Electron reads it (unpacked files in their place), outside this repository:
    // the packed main's own require, and nothing of this checkout's node_modules to fall back on.
    const view = join(work, 'as-electron-reads-it')
    extractAll(asar, view)
    const probe = `
      const { createRequire } = require('node:module')
      const load = createRequire(${JSON.stringify(join(view, 'out', 'main', 'index.js'))})
      const Database = load('libsql')
      const row = new Database(':memory:').prepare('select 41 + 1 as answer').get()
      const { AsyncEntry } = load('@napi-rs/keyring')
      console.log(JSON.stringify({ row, keyring: typeof AsyncEntry, from: load.resolve('libsql') }))`
    const { stdout } = await run('node', ['-e', probe], {
      cwd: work,
      env: { ...process.env, NODE_PATH: '' },
      encoding: 'utf8',
    })
    const loaded = JSON.parse(stdout) as { row: unknown; keyring: string; from: string }
    expect(loaded).toMatchObject({ row: { answer: 42 }, keyring: 'function' })
    expect(relative(view, loaded.from).startsWith('node_modules')).toBe(true)
  })

  it('sets the fuses Electron’s security guide asks for', () => {
    expect(FUSES).toEqual(EXPECTED_FUSES)
    expect(packaging.electronFuses).toBe(FUSES)
  })

  // Flipping them needs Electron's binary (the fuse wire is in it); this machine cannot download
  // it, and the stand-in has none. Where `npm run electron:install` has run, this checks the
  // packed binary itself.
  const electronBinary = realElectron()
  if (!electronBinary)
    console.info(
      'skipped: flipping the fuses in the binary needs Electron’s binary, not installed here',
    )
  it.skipIf(!electronBinary)('flips those fuses in the packed binary', async () => {
    const packed = await packLinuxDir(join(work, 'real'), electronBinary ?? '', true)
    const wire = await getCurrentFuseWire(join(packed, 'integrator-console'))
    // The wire holds each fuse as an ASCII digit: '1' on, '0' off.
    const on = (option: FuseV1Options) => Number(wire[option]) === '1'.charCodeAt(0)
    expect(wire.version).toBe(FuseVersion.V1)
    const byName: Record<string, FuseV1Options> = {
      runAsNode: FuseV1Options.RunAsNode,
      enableCookieEncryption: FuseV1Options.EnableCookieEncryption,
      enableNodeOptionsEnvironmentVariable: FuseV1Options.EnableNodeOptionsEnvironmentVariable,
      enableNodeCliInspectArguments: FuseV1Options.EnableNodeCliInspectArguments,
      enableEmbeddedAsarIntegrityValidation: FuseV1Options.EnableEmbeddedAsarIntegrityValidation,
      onlyLoadAppFromAsar: FuseV1Options.OnlyLoadAppFromAsar,
      loadBrowserProcessSpecificV8Snapshot: FuseV1Options.LoadBrowserProcessSpecificV8Snapshot,
      grantFileProtocolExtraPrivileges: FuseV1Options.GrantFileProtocolExtraPrivileges,
    }
    for (const [name, option] of Object.entries(byName))
      expect({ [name]: on(option) }).toEqual({
        [name]: EXPECTED_FUSES[name as keyof typeof EXPECTED_FUSES],
      })
  })
})
