import { mkdir, readFile } from 'node:fs/promises'
import { basename, join } from 'node:path'
import {
  preferencesSchema,
  type Preferences,
  type PreferencesChange,
} from '../../../src-shared/ipc'
import { said } from '../../../src-shared/messages'
import { AppError } from '../errors/app-error'
import { writeFileAtomic } from '../storage/atomic-file'
import { errorTextWithoutPaths } from '../errors/error-text'

export const PREFERENCES_FILE = 'preferences.json'
const NO_PREFERENCES: Preferences = { language: null, theme: 'system' }

/** The choices after a change: what the change names, and the rest as it was. */
function changedPreferences(current: Preferences, change: PreferencesChange): Preferences {
  return {
    language: change.language === undefined ? current.language : change.language,
    theme: change.theme ?? current.theme ?? 'system',
  }
}

/**
 * The user's choices about the console itself (its language and theme), in the app's data folder
 * beside the environments. Nothing personal and nothing secret. A file that cannot be read counts
 * as no choice made: the window then follows the operating system, and the next choice replaces
 * it. Changes are written one after another, so two switchers used at once both keep theirs.
 */
export function createPreferencesStore(dataDirectory: string) {
  const path = join(dataDirectory, PREFERENCES_FILE)
  let writing: Promise<unknown> = Promise.resolve()

  async function read(): Promise<Preferences> {
    try {
      const parsed = preferencesSchema.safeParse(JSON.parse(await readFile(path, 'utf8')))
      return parsed.success ? changedPreferences(NO_PREFERENCES, parsed.data) : NO_PREFERENCES
    } catch {
      return NO_PREFERENCES
    }
  }

  async function write(preferences: Preferences): Promise<Preferences> {
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
  }

  return {
    read,
    change(change: PreferencesChange): Promise<Preferences> {
      const next = writing.then(async () => write(changedPreferences(await read(), change)))
      writing = next.catch(() => undefined)
      return next
    },
  }
}
export type PreferencesStore = ReturnType<typeof createPreferencesStore>
