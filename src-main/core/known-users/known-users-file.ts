import { readFile, stat } from 'node:fs/promises'
import { basename, join } from 'node:path'
import * as z from 'zod'
import {
  KNOWN_USERS_DEFAULTS,
  knownUserSchema,
  knownUsersSettingsSchema,
  type KnownUser,
  type KnownUsersSettings,
} from '../../../src-shared/known-users'
import { said } from '../../../src-shared/messages'
import { AppError } from '../errors/app-error'
import { writeFileAtomic } from '../storage/atomic-file'
import { errorTextWithoutPaths } from '../errors/error-text'
import { underFileLock } from '../storage/file-lock'
import { withinRetention } from './known-users-list'

export const KNOWN_USERS_FILE = 'known-users.json'

// Each entry is checked on its own: one that does not fit (written by a newer console, edited
// by hand) is dropped alone, never taking the user's choice and the other entries with it.
const fileSchema = z.object({
  schemaVersion: z.literal(1),
  settings: knownUsersSettingsSchema,
  entries: z.array(z.unknown()),
})

export interface KnownUsersState {
  settings: KnownUsersSettings
  entries: KnownUser[]
}

/** What a read found, and the file's stamp, by which a face knows that another one changed it. */
export interface LoadedKnownUsers extends KnownUsersState {
  stamp: string | null
}

/** The file's stamp (time, size, inode), or null when there is no file. */
async function fileStamp(path: string): Promise<string | null> {
  try {
    const stats = await stat(path)
    return `${stats.mtimeMs}:${stats.size}:${stats.ino}`
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
}

/**
 * The list a file's text holds, entries past their retention or not fitting dropped, with how
 * many were. A text that is not the list (cut short, another format) is an empty list that is off.
 */
function knownUsersIn(text: string, now: Date): KnownUsersState & { dropped: number } {
  let parsed: z.ZodSafeParseResult<z.output<typeof fileSchema>>
  try {
    parsed = fileSchema.safeParse(JSON.parse(text))
  } catch {
    return { settings: KNOWN_USERS_DEFAULTS, entries: [], dropped: 0 }
  }
  if (!parsed.success) return { settings: KNOWN_USERS_DEFAULTS, entries: [], dropped: 0 }
  const { settings, entries: stored } = parsed.data
  const entries = stored.flatMap((entry) => {
    const checked = knownUserSchema.safeParse(entry)
    return checked.success ? [checked.data] : []
  })
  const kept = withinRetention(entries, settings.retentionDays, now)
  return { settings, entries: kept, dropped: stored.length - kept.length }
}

function notSavedIn(dataDirectory: string, error: unknown): AppError {
  return new AppError(
    'SETTINGS_UNREADABLE',
    said('knownUsersNotSaved', {
      folder: basename(dataDirectory),
      error: errorTextWithoutPaths(error),
    }),
  )
}

/**
 * The list of known users as JSON in the data folder, its user's only (atomic-file.ts). Changed
 * under a lock, to what is on disk at that moment, as the environments are (settings-store.ts):
 * the window and a command recording at once both keep what the other wrote.
 */
export function createKnownUsersFile(dataDirectory: string, now: () => Date) {
  const path = join(dataDirectory, KNOWN_USERS_FILE)

  const stampOf = () => fileStamp(path)

  /**
   * The list as on disk, entries past their retention or not fitting dropped, with how many were. A file that is
   * not the list (cut short, another format) counts as an empty list that is off: it holds only
   * what the console can learn again, and the next change replaces it.
   */
  async function read(): Promise<LoadedKnownUsers & { dropped: number }> {
    let text: string
    const stamp = await stampOf().catch(() => null)
    try {
      text = await readFile(path, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        return { settings: KNOWN_USERS_DEFAULTS, entries: [], stamp: null, dropped: 0 }
      throw new AppError(
        'SETTINGS_UNREADABLE',
        said('knownUsersUnreadable', { path: basename(path), error: errorTextWithoutPaths(error) }),
      )
    }
    return { ...knownUsersIn(text, now()), stamp }
  }

  const locked = <T>(work: () => Promise<T>): Promise<T> =>
    underFileLock(
      path,
      { busy: () => new AppError('SETTINGS_UNREADABLE', said('knownUsersBusy')), failed: notSaved },
      work,
    )

  const notSaved = (error: unknown) => notSavedIn(dataDirectory, error)

  /** Changes the list as it is on disk now, under the lock; retention applies to what is written. */
  async function change(
    edit: (current: KnownUsersState) => KnownUsersState,
  ): Promise<LoadedKnownUsers> {
    return locked(async () => {
      const current = await read()
      const next = edit(current)
      const settings = next.settings
      const entries = settings.enabled
        ? withinRetention(next.entries, settings.retentionDays, now())
        : []
      try {
        await writeFileAtomic(path, `${JSON.stringify({ schemaVersion: 1, settings, entries })}\n`)
      } catch (error) {
        throw notSaved(error)
      }
      return { settings, entries, stamp: await stampOf().catch(() => null) }
    })
  }

  return {
    stampOf,
    change,

    /**
     * The list as on disk. Entries past their retention leave the file as soon as a read finds
     * them, not at the next change: personal data is not kept longer than the user chose. Should
     * that write fail, the list read is still served without them.
     */
    async load(): Promise<LoadedKnownUsers> {
      const { dropped, ...found } = await read()
      if (dropped === 0) return found
      return change((state) => state).catch(() => found)
    },
  }
}
