import { mkdir, readFile, rename } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import {
  environmentProfileSchema,
  LOCAL_SANDBOX_ID,
  type EnvironmentProfile,
} from '../../src-shared/environments'
import { AppError } from './app-error'
import { writeFileAtomic } from './atomic-file'

export const SETTINGS_SCHEMA_VERSION = 1
export const SETTINGS_FILE = 'environments.json'

const settingsFileSchema = z.object({
  schemaVersion: z.literal(SETTINGS_SCHEMA_VERSION),
  activeId: z.string(),
  environments: z.array(environmentProfileSchema),
})

export interface Settings {
  activeId: string
  /** The user's own profiles; the built-in Local sandbox is not stored. */
  environments: EnvironmentProfile[]
}

export interface LoadedSettings {
  settings: Settings
  notices: string[]
  /** Why saving is refused, when the file on disk must not be replaced. */
  saveBlockedBecause: string | null
}

const DEFAULT_SETTINGS: Settings = { activeId: LOCAL_SANDBOX_ID, environments: [] }

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

/**
 * Environment profiles as JSON in the app's data folder. No secret and no user record is ever
 * written here. A file that cannot be read is set aside, never silently overwritten.
 */
export function createSettingsStore(dataDirectory: string) {
  const path = join(dataDirectory, SETTINGS_FILE)

  async function setAside(reason: string): Promise<LoadedSettings> {
    const asidePath = `${path}.unreadable-${new Date().toISOString().replace(/[:.]/g, '-')}`
    try {
      await rename(path, asidePath)
    } catch (error) {
      const why = `The settings file ${path} cannot be read (${reason}) nor moved aside (${describe(error)}). Fix or remove it, then restart.`
      return { settings: DEFAULT_SETTINGS, notices: [why], saveBlockedBecause: why }
    }
    return {
      settings: DEFAULT_SETTINGS,
      notices: [
        `The settings file could not be read (${reason}). It was kept as ${asidePath}; the console started with the built-in Local sandbox only.`,
      ],
      saveBlockedBecause: null,
    }
  }

  return {
    path,

    async load(): Promise<LoadedSettings> {
      let text: string
      try {
        text = await readFile(path, 'utf8')
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
          return { settings: DEFAULT_SETTINGS, notices: [], saveBlockedBecause: null }
        }
        return setAside(describe(error))
      }
      let json: unknown
      try {
        json = JSON.parse(text)
      } catch {
        return setAside('it is not valid JSON')
      }
      const version = z.object({ schemaVersion: z.number() }).safeParse(json)
      if (version.success && version.data.schemaVersion > SETTINGS_SCHEMA_VERSION) {
        const why = `The settings file was written by a newer version of the console (schema ${version.data.schemaVersion}); it is left untouched and changes cannot be saved.`
        return { settings: DEFAULT_SETTINGS, notices: [why], saveBlockedBecause: why }
      }
      const parsed = settingsFileSchema.safeParse(json)
      if (!parsed.success) return setAside('its content does not match the expected format')
      const { activeId, environments } = parsed.data
      const known = activeId === LOCAL_SANDBOX_ID || environments.some((e) => e.id === activeId)
      return {
        settings: { activeId: known ? activeId : LOCAL_SANDBOX_ID, environments },
        notices: [],
        saveBlockedBecause: null,
      }
    },

    async save(settings: Settings, saveBlockedBecause: string | null): Promise<void> {
      if (saveBlockedBecause !== null) throw new AppError('SETTINGS_UNREADABLE', saveBlockedBecause)
      await mkdir(dataDirectory, { recursive: true })
      const file = { schemaVersion: SETTINGS_SCHEMA_VERSION, ...settings }
      await writeFileAtomic(path, `${JSON.stringify(file, null, 2)}\n`)
    },
  }
}
export type SettingsStore = ReturnType<typeof createSettingsStore>
