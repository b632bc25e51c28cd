import { mkdir, readFile } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { preferencesSchema, type Preferences } from '../../src-shared/ipc'
import { said } from '../../src-shared/messages'
import { AppError } from './app-error'
import { writeFileAtomic } from './atomic-file'
import { errorTextWithoutPaths } from './error-text'

export const PREFERENCES_FILE = 'preferences.json'
const NO_PREFERENCES: Preferences = { language: null }

/**
 * The user's choices about the console itself (its language), in the app's data folder beside
 * the environments. Nothing personal and nothing secret. A file that cannot be read counts as no
 * choice made: the window then follows the operating system, and the next choice replaces it.
 */
export function createPreferencesStore(dataDirectory: string) {
  const path = join(dataDirectory, PREFERENCES_FILE)
  return {
    async read(): Promise<Preferences> {
      try {
        const parsed = preferencesSchema.safeParse(JSON.parse(await readFile(path, 'utf8')))
        return parsed.success ? parsed.data : NO_PREFERENCES
      } catch {
        return NO_PREFERENCES
      }
    },
    async write(preferences: Preferences): Promise<Preferences> {
      try {
        await mkdir(dataDirectory, { recursive: true })
        await writeFileAtomic(path, `${JSON.stringify(preferences, null, 2)}\n`)
      } catch (error) {
        throw new AppError(
          'SETTINGS_UNREADABLE',
          said('preferencesNotSaved', {
            folder: basename(dataDirectory),
            error: errorTextWithoutPaths(error),
          }),
        )
      }
      return preferences
    },
  }
}
export type PreferencesStore = ReturnType<typeof createPreferencesStore>
