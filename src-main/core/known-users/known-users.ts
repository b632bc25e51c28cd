import {
  MAX_FOUND,
  type FoundUsers,
  type KnownUser,
  type KnownUserSource,
  type KnownUsersSettings,
} from '../../../src-shared/known-users'
import type { SecretValues } from '../redaction/redact'
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

/** The list held in memory: each environment's index, its previous one reused where it can. */
function heldFrom(loaded: LoadedKnownUsers, previous: Held | null): Held {
  const groups = new Map<string, KnownUser[]>()
  for (const entry of loaded.entries) {
    const group = groups.get(entry.environmentId) ?? []
    group.push(entry)
    groups.set(entry.environmentId, group)
  }
  const byEnvironment = new Map(
    [...groups].map(([id, entries]) => [
      id,
      indexKnownUsers(entries, previous?.byEnvironment.get(id)),
    ]),
  )
  // Each index is sorted most recent first: its last date is its oldest.
  const oldest = Math.min(
    ...[...byEnvironment.values()].map((index) => index.seenAt.at(-1) ?? Infinity),
  )
  return { ...loaded, byEnvironment, oldest }
}

function foundIn(list: Held, environmentId: string, text: string, now: Date): FoundUsers {
  const index = list.byEnvironment.get(environmentId) ?? indexKnownUsers([])
  const since = keptSince(now, list.settings.retentionDays)
  return { settings: list.settings, ...searchKnownUsers(index, text, since, MAX_FOUND) }
}

/** The list as last read, held with its indexes. */
function heldList(file: ReturnType<typeof createKnownUsersFile>, now: () => Date) {
  let held: Held | null = null
  const hold = (loaded: LoadedKnownUsers): Held => (held = heldFrom(loaded, held))
  const expired = (list: Held) => list.oldest < keptSince(now(), list.settings.retentionDays)
  return {
    hold,
    /** The list as on disk, read again only when its file changed since it was last read. */
    current: async (): Promise<Held> => {
      const stamp = await file.stampOf()
      if (held !== null && held.stamp === stamp && !expired(held)) return held
      return hold(await file.load())
    },
  }
}

/** Merges a batch of users seen into the file, when the list is on; a failure is logged. */
async function recordBatch(
  batch: KnownUser[],
  {
    current,
    file,
    hold,
    log,
  }: {
    current: () => Promise<Held>
    file: ReturnType<typeof createKnownUsersFile>
    hold: (loaded: LoadedKnownUsers) => Held
    log: (line: string) => void
  },
): Promise<void> {
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
  const { now = () => new Date(), log = console.error } = options
  const file = createKnownUsersFile(dataDirectory, now)
  let pending: KnownUser[] = []
  let scheduled = false
  const { hold, current } = heldList(file, now)

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
    if (batch.length > 0) await recordBatch(batch, { current, file, hold, log })
  }

  function enqueue(entry: KnownUser): void {
    pending.push(entry)
    if (scheduled) return
    scheduled = true
    flushing = flushing.then(() => new Promise((resolve) => setImmediate(resolve))).then(flush)
  }

  /** Drops the entries `keep` refuses, queued or written; how many written ones went. */
  async function forgetWhere(keep: (entry: KnownUser) => boolean): Promise<number> {
    await flushing
    pending = pending.filter(keep)
    if ((await file.stampOf()) === null) return 0
    let forgotten = 0
    hold(
      await file.change((state) => {
        const entries = state.entries.filter(keep)
        forgotten = state.entries.length - entries.length
        return { ...state, entries }
      }),
    )
    return forgotten
  }

  return {
    recorderFor(environmentId: string, secrets: () => SecretValues): RecordSeen {
      return (fields, source) => {
        const entry = entryOf(fields, { environmentId, source, at: now() }, secrets())
        if (entry !== null) enqueue(entry)
      }
    },

    /** Settles once everything recorded so far is written (or dropped, when the list is off). */
    settle: (): Promise<void> => flushing,

    settings: async (): Promise<KnownUsersSettings> => (await current()).settings,

    /** Turning the list off forgets every user it holds: it keeps nothing while off. */
    async setSettings(settings: KnownUsersSettings): Promise<KnownUsersSettings> {
      await flushing
      return hold(await file.change((state) => ({ ...state, settings }))).settings
    },

    async find(environmentId: string, text: string): Promise<FoundUsers> {
      await flushing
      return foundIn(await current(), environmentId, text, now())
    },

    /** An environment deleted: its users leave the list with it. */
    async forgetEnvironment(environmentId: string): Promise<void> {
      await forgetWhere((entry) => entry.environmentId !== environmentId)
    },

    /** Forget all: every environment's list emptied; the setting stays as it is. */
    forgetAll: (): Promise<number> => forgetWhere(() => false),
  }
}
export type KnownUsers = ReturnType<typeof createKnownUsers>
