import { mkdirSync, watch } from 'node:fs'
import { readFile, rename } from 'node:fs/promises'
import { basename, join } from 'node:path'
import * as z from 'zod'
import {
  environmentProfileSchema,
  LOCAL_SANDBOX_ID,
  type EnvironmentProfile,
} from '../../../src-shared/environments'
import { storedEnvironmentNameSchema } from '../../../src-shared/environments/environment-name'
import { said, type Said } from '../../../src-shared/messages'
import { AppError } from '../errors/app-error'
import { writeFileAtomic } from '../storage/atomic-file'
import { PRIVATE_FOLDER_MODE } from '../storage/data-directory'
import { errorTextWithoutPaths } from '../errors/error-text'
import { underFileLock } from '../storage/file-lock'
import { caFileAsRead, caFileAsStored, isSharedCaReference } from '../network/shared-ca-reference'

/**
 * Version 2 names imported CAs by id (shared-ca-reference.ts). A file is written as version 1
 * while it holds none, so that an older console sharing the folder still reads it; one that does
 * hold one is version 2, which an older console says is newer and leaves as it is.
 */
const SETTINGS_SCHEMA_VERSION = 2
const FIRST_VERSION = 1
export const SETTINGS_FILE = 'environments.json'

const settingsFileSchema = z.object({
  schemaVersion: z.union([z.literal(FIRST_VERSION), z.literal(SETTINGS_SCHEMA_VERSION)]),
  activeId: z.string(),
  // A name stored before today's rules loads with what they refuse made visible (never set aside).
  environments: z.array(environmentProfileSchema.extend({ name: storedEnvironmentNameSchema })),
})

export interface Settings {
  activeId: string
  /** The user's own profiles; the built-in Local sandbox is not stored. */
  environments: EnvironmentProfile[]
}

export interface LoadedSettings {
  settings: Settings
  notices: Said[]
  /** Why saving is refused, when the file on disk must not be replaced. */
  saveBlockedBecause: Said | null
}

const DEFAULT_SETTINGS: Settings = { activeId: LOCAL_SANDBOX_ID, environments: [] }

/** The settings file's environments with each imported CA named by its id (shared-ca-reference.ts). */
function withCaFilesRead(dataDirectory: string, json: unknown): unknown {
  if (typeof json !== 'object' || json === null || !('environments' in json)) return json
  const { environments } = json
  if (!Array.isArray(environments)) return json
  return {
    ...json,
    environments: environments.map((environment: unknown) => {
      if (typeof environment !== 'object' || environment === null) return environment
      const tls = 'tls' in environment ? environment.tls : undefined
      if (typeof tls !== 'object' || tls === null || !('caFile' in tls)) return environment
      return { ...environment, tls: { ...tls, caFile: caFileAsRead(dataDirectory, tls.caFile) } }
    }),
  }
}

const withCaFilesStored = (dataDirectory: string, settings: Settings): Settings => ({
  ...settings,
  environments: settings.environments.map((environment) => ({
    ...environment,
    tls: { ...environment.tls, caFile: caFileAsStored(dataDirectory, environment.tls.caFile) },
  })),
})

/**
 * The settings a file's text holds, or why the file is to be set aside (not JSON, not the
 * format). A file of a newer version is left alone, and nothing is saved over it.
 */
function settingsIn(
  dataDirectory: string,
  text: string,
): LoadedSettings | 'settingsNotJson' | 'settingsBadFormat' {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return 'settingsNotJson'
  }
  const version = z.object({ schemaVersion: z.number() }).safeParse(json)
  if (version.success && version.data.schemaVersion > SETTINGS_SCHEMA_VERSION) {
    const why = said('settingsNewerVersion', { version: version.data.schemaVersion })
    return { settings: DEFAULT_SETTINGS, notices: [why], saveBlockedBecause: why }
  }
  const parsed = settingsFileSchema.safeParse(withCaFilesRead(dataDirectory, json))
  if (!parsed.success) return 'settingsBadFormat'
  const { activeId, environments } = parsed.data
  const known = activeId === LOCAL_SANDBOX_ID || environments.some((e) => e.id === activeId)
  return {
    settings: { activeId: known ? activeId : LOCAL_SANDBOX_ID, environments },
    notices: [],
    saveBlockedBecause: null,
  }
}

/** Moves an unreadable file aside, so that it is never silently overwritten. */
async function setAsideAt(
  path: string,
  why: 'settingsNotJson' | 'settingsBadFormat',
): Promise<LoadedSettings> {
  const reason = said(why)
  const asidePath = `${path}.unreadable-${new Date().toISOString().replace(/[:.]/g, '-')}`
  try {
    await rename(path, asidePath)
  } catch (error) {
    const notice = said('settingsNotMovedAside', {
      path: basename(path),
      reason,
      error: errorTextWithoutPaths(error),
    })
    return { settings: DEFAULT_SETTINGS, notices: [notice], saveBlockedBecause: notice }
  }
  return {
    settings: DEFAULT_SETTINGS,
    notices: [said('settingsSetAside', { reason, path: basename(asidePath) })],
    saveBlockedBecause: null,
  }
}

function watchSettings(dataDirectory: string, onChange: () => void): () => void {
  try {
    mkdirSync(dataDirectory, { recursive: true, mode: PRIVATE_FOLDER_MODE })
    const watcher = watch(dataDirectory, { persistent: false }, (_event, name) => {
      if (name === SETTINGS_FILE) onChange()
    })
    watcher.on('error', () => watcher.close())
    return () => watcher.close()
  } catch {
    return () => undefined
  }
}

/**
 * Environment profiles as JSON in the app's data folder. No secret and no user record is ever
 * written here. A file that cannot be read is set aside, never silently overwritten.
 *
 * Several faces may use one data folder at once (the window open while a script runs the
 * command line): every change is made under a lock on the file, to what is on disk at that
 * moment, so no face writes back a stale copy over another's edit; `watch` tells a face that
 * another one changed the file.
 */
export function createSettingsStore(dataDirectory: string) {
  const path = join(dataDirectory, SETTINGS_FILE)
  const setAside = (why: 'settingsNotJson' | 'settingsBadFormat') => setAsideAt(path, why)

  const store = {
    path,

    async load(): Promise<LoadedSettings> {
      let text: string
      try {
        text = await readFile(path, 'utf8')
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
          return { settings: DEFAULT_SETTINGS, notices: [], saveBlockedBecause: null }
        }
        // Not reading the file says nothing about what is in it (a permission, too many open
        // files): it stays where it is, and nothing is saved over it.
        const why = said('settingsUnreadable', {
          path: basename(path),
          error: errorTextWithoutPaths(error),
        })
        return { settings: DEFAULT_SETTINGS, notices: [why], saveBlockedBecause: why }
      }
      const read = settingsIn(dataDirectory, text)
      return typeof read === 'string' ? setAside(read) : read
    },

    /**
     * Changes the settings as they are on disk now, under the lock: `change` gets the current
     * settings and returns the new ones (or throws, and nothing is written).
     */
    async update(change: (current: Settings) => Settings): Promise<LoadedSettings> {
      const busy = () => new AppError('SETTINGS_UNREADABLE', said('settingsBusy'))
      return underFileLock(path, { busy }, async () => {
        const loaded = await store.load()
        if (loaded.saveBlockedBecause !== null)
          throw new AppError('SETTINGS_UNREADABLE', loaded.saveBlockedBecause)
        const settings = change(loaded.settings)
        const stored = withCaFilesStored(dataDirectory, settings)
        const byId = stored.environments.some((e) => isSharedCaReference(e.tls.caFile))
        const file = { schemaVersion: byId ? SETTINGS_SCHEMA_VERSION : FIRST_VERSION, ...stored }
        await writeFileAtomic(path, `${JSON.stringify(file, null, 2)}\n`)
        return { ...loaded, settings }
      })
    },

    /**
     * Calls `onChange` when the file is written, by this process or another; returns the stop.
     * Where the folder cannot be watched (no inotify watches left), changes made elsewhere are
     * still never lost, as writes merge; this face only learns of them at its next read.
     */
    watch: (onChange: () => void): (() => void) => watchSettings(dataDirectory, onChange),
  }
  return store
}
export type SettingsStore = ReturnType<typeof createSettingsStore>
