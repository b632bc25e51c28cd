import {
  MAX_FOUND,
  type FoundUsers,
  type KnownUser,
  type KnownUserSource,
  type KnownUsersSettings,
} from '../../../src-shared/known-users'
import type { SecretValues } from '../redact'
import { createKnownUsersFile, type LoadedKnownUsers } from './known-users-file'
import { entryOf, keptSince, mergeSeen, type SeenFields } from './known-users-list'
import { indexKnownUsers, searchKnownUsers, type KnownUsersIndex } from './known-users-search'

/** Records what one environment's calls saw; no secret hidden from the caller is kept. */
export type RecordSeen = (fields: SeenFields, source: KnownUserSource) => void

interface Held extends LoadedKnownUsers {
  byEnvironment: Map<string, KnownUsersIndex>
  /** When the least recently seen entry was seen (ms): once past retention, the file is pruned. */
  oldest: number
}

/**
 * The users this console has read, created, updated or imported, per environment, kept only while
 * the user has turned the list on. Recording never delays the call that saw the user: it is
 * queued, and written in batches (a bulk run's rows together) by a merge under the file's lock.
 * Searches run on an index held in memory, made again when the file changes (another face wrote).
 */
export function createKnownUsers(
  dataDirectory: string,
  options: { now?: () => Date; log?: (line: string) => void } = {},
) {
  const now = options.now ?? (() => new Date())
  const log = options.log ?? console.error
  const file = createKnownUsersFile(dataDirectory, now)
  let held: Held | null = null
  let pending: KnownUser[] = []
  let scheduled = false

  function hold(loaded: LoadedKnownUsers): Held {
    const groups = new Map<string, KnownUser[]>()
    for (const entry of loaded.entries) {
      const group = groups.get(entry.environmentId) ?? []
      group.push(entry)
      groups.set(entry.environmentId, group)
    }
    const byEnvironment = new Map(
      [...groups].map(([id, entries]) => [
        id,
        indexKnownUsers(entries, held?.byEnvironment.get(id)),
      ]),
    )
    // Each index is sorted most recent first: its last date is its oldest.
    const oldest = Math.min(
      ...[...byEnvironment.values()].map((index) => index.seenAt.at(-1) ?? Infinity),
    )
    held = { ...loaded, byEnvironment, oldest }
    return held
  }

  /** The list as on disk, read again only when its file changed since it was last read. */
  async function current(): Promise<Held> {
    const stamp = await file.stampOf()
    const expired = (list: Held) => list.oldest < keptSince(now(), list.settings.retentionDays)
    if (held !== null && held.stamp === stamp && !expired(held)) return held
    return hold(await file.load())
  }

  // Read once at start, which drops from the file what expired while no face ran.
  let flushing: Promise<void> = current().then(
    () => undefined,
    (error: unknown) =>
      log(`known users: not read (${(error as NodeJS.ErrnoException).code ?? 'error'})`),
  )

  async function flush(): Promise<void> {
    scheduled = false
    const batch = pending
    pending = []
    if (batch.length === 0) return
    try {
      // Off (the default): what was seen is dropped here, and nothing is written.
      if (!(await current()).settings.enabled) return
      hold(
        await file.change((state) =>
          state.settings.enabled ? { ...state, entries: mergeSeen(state.entries, batch) } : state,
        ),
      )
    } catch (error) {
      // The call that saw the user succeeded; the list is only its memory. Said without the data.
      log(`known users: not recorded (${(error as NodeJS.ErrnoException).code ?? 'error'})`)
    }
  }

  function enqueue(entry: KnownUser): void {
    pending.push(entry)
    if (scheduled) return
    scheduled = true
    flushing = flushing.then(() => new Promise((resolve) => setImmediate(resolve))).then(flush)
  }

  return {
    recorderFor(environmentId: string, secrets: () => SecretValues): RecordSeen {
      return (fields, source) => {
        const entry = entryOf(fields, { environmentId, source, at: now() }, secrets())
        if (entry !== null) enqueue(entry)
      }
    },

    /** Settles once everything recorded so far is written (or dropped, when the list is off). */
    settle(): Promise<void> {
      return flushing
    },

    async settings(): Promise<KnownUsersSettings> {
      return (await current()).settings
    },

    /** Turning the list off forgets every user it holds: it keeps nothing while off. */
    async setSettings(settings: KnownUsersSettings): Promise<KnownUsersSettings> {
      await flushing
      return hold(await file.change((state) => ({ ...state, settings }))).settings
    },

    async find(environmentId: string, text: string): Promise<FoundUsers> {
      await flushing
      const list = await current()
      const index = list.byEnvironment.get(environmentId) ?? indexKnownUsers([])
      const since = keptSince(now(), list.settings.retentionDays)
      return { settings: list.settings, ...searchKnownUsers(index, text, since, MAX_FOUND) }
    },

    /** An environment deleted: its users leave the list with it. */
    async forgetEnvironment(environmentId: string): Promise<void> {
      await flushing
      pending = pending.filter((entry) => entry.environmentId !== environmentId)
      if ((await file.stampOf()) === null) return
      hold(
        await file.change((state) => ({
          ...state,
          entries: state.entries.filter((entry) => entry.environmentId !== environmentId),
        })),
      )
    },

    /** Forget all: every environment's list emptied; the setting stays as it is. */
    async forgetAll(): Promise<number> {
      await flushing
      pending = []
      if ((await file.stampOf()) === null) return 0
      let forgotten = 0
      hold(
        await file.change((state) => {
          forgotten = state.entries.length
          return { ...state, entries: [] }
        }),
      )
      return forgotten
    },
  }
}
export type KnownUsers = ReturnType<typeof createKnownUsers>
