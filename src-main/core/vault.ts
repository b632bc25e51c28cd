import { SECRET_NAMES, type SecretName, type SecretStatus } from '../../src-shared/environments'
import { said } from '../../src-shared/messages'
import { keychainQueue } from './keychain-queue'
import { AppError } from './app-error'

/** The keychain entry beside an environment's secrets that says what they were set for. */
const BINDING = 'boundTo'
const ENTRIES = [...SECRET_NAMES, BINDING] as const
type Entry = (typeof ENTRIES)[number]
/** Secrets most environments never have: a search that shows the others may vouch they are unset. */
const OPTIONAL: readonly Entry[] = ['proxyPassword', 'clientKeyPassphrase']

/** The few keychain operations the vault needs; tests may substitute a hung or failing one. */
export interface SecretBackend {
  get(account: string, signal: AbortSignal): Promise<string | null>
  set(account: string, value: string, signal: AbortSignal): Promise<void>
  delete(account: string, signal: AbortSignal): Promise<void>
  /**
   * The secrets whose account starts with `prefix`, found in one search where the keychain can
   * (one round trip instead of one per secret). See readEnvironment for what its silence means.
   */
  findAll?(prefix: string, signal: AbortSignal): Promise<Map<string, string>>
  /**
   * Secrets given for one environment for this run only (the command line's variables), never
   * stored, with the origin they were given for: null when none was named, and then only an
   * environment on this machine may have them.
   */
  givenForRun?: { origin: string | null }
}

export interface VaultOptions {
  backend: SecretBackend
  /**
   * Each keychain call gives up this long after it was asked, its wait in line included (see
   * keychain-queue.ts): a locked or stopped keyring must not freeze the app.
   */
  timeoutMs?: number
  platform?: NodeJS.Platform
}

export function createVault({ backend, timeoutMs = 5000, platform }: VaultOptions) {
  const account = (environmentId: string, name: SecretName | typeof BINDING) =>
    `${environmentId}/${name}`
  const calls = keychainQueue(timeoutMs, platform ?? process.platform)
  const guarded = calls.guarded

  // Secrets held after their first read, like an unlocked key: a keychain read costs ~15 ms and
  // every call needs two or three. Main-process memory only; writes through the vault keep it
  // current. A failed read is not held, so the next call asks the keychain again.
  const held = new Map<string, Promise<string | null>>()
  // The same values once their read has finished, for callers that must not wait a turn.
  const settled = new Map<string, string | null>()

  function hold(key: string, value: Promise<string | null>): void {
    held.set(key, value)
    settled.delete(key)
    value.then(
      (secret) => {
        if (held.get(key) === value) settled.set(key, secret)
      },
      () => {
        if (held.get(key) === value) held.delete(key)
      },
    )
  }

  function read(key: string, deadline?: number): Promise<string | null> {
    let value = held.get(key)
    if (!value) {
      value = guarded((signal) => backend.get(key, signal), deadline)
      hold(key, value)
    }
    return value
  }

  // Bumped by every write and forget of an environment: a search that began before one is older
  // than what is held now, and its answer is not kept.
  const changes = new Map<string, number>()
  const changed = (environmentId: string) =>
    changes.set(environmentId, (changes.get(environmentId) ?? 0) + 1)

  // Environments whose secrets live in this process only (the built-in sandbox's, where no
  // keychain can be used): never read from or written to the keychain, never changed.
  const runOnly = new Set<string>()

  // Told as a secret's write begins (not the binding's): a bulk run stops before its next row.
  const writeListeners = new Set<(environmentId: string) => void>()

  async function write(key: string, value: string | null): Promise<void> {
    // Clearing or replacing them would leave the sandbox out of reach until a restart.
    if (runOnly.has(key.slice(0, key.lastIndexOf('/'))))
      throw new AppError('VALIDATION', said('runOnlySecrets'))
    // Forgotten first: a read racing this write must not keep the old value.
    changed(key.slice(0, key.lastIndexOf('/')))
    if (!key.endsWith(`/${BINDING}`))
      for (const listener of writeListeners) listener(key.slice(0, key.lastIndexOf('/')))
    held.delete(key)
    settled.delete(key)
    await guarded((signal) =>
      value === null ? backend.delete(key, signal) : backend.set(key, value, signal),
    )
    hold(key, Promise.resolve(value))
    settled.set(key, value)
  }

  /**
   * Every secret of an environment, and what they were set for: those not held yet come from one
   * search of the keychain (a command-line start pays one keychain round trip, not six). What the
   * search does not list is read on its own, so a missing secret or an unusable keychain is told
   * exactly as `get` tells it, with one exception: the binding is written before any secret is
   * (see bound-secrets.ts), so a search that lists it shows the environment's entries readable,
   * and an optional secret it leaves out was never set. Nothing else is taken from its silence
   * (a keychain may leave out an item it cannot read).
   */
  async function readEnvironment(environmentId: string): Promise<Record<Entry, string | null>> {
    const keys = ENTRIES.map((name) => account(environmentId, name))
    // One deadline for the search and the reads after it: the whole answer within the timeout.
    const deadline = calls.deadline()
    const findAll = backend.findAll?.bind(backend)
    if (findAll && keys.some((key) => !held.has(key))) {
      const before = changes.get(environmentId) ?? 0
      const search = await guarded(
        (signal) => findAll(`${environmentId}/`, signal),
        deadline,
      ).catch(() => null)
      const found = (changes.get(environmentId) ?? 0) === before ? search : null
      const vouched = found?.has(account(environmentId, BINDING)) === true
      for (const [i, key] of keys.entries()) {
        const unset = vouched && OPTIONAL.includes(ENTRIES[i] as Entry) ? null : undefined
        const secret = found?.get(key) ?? unset
        if (secret !== undefined && !held.has(key)) {
          hold(key, Promise.resolve(secret))
          settled.set(key, secret)
        }
      }
    }
    const values = await Promise.all(keys.map((key) => read(key, deadline)))
    return Object.fromEntries(ENTRIES.map((name, i) => [name, values[i] ?? null])) as Record<
      Entry,
      string | null
    >
  }

  return {
    /** Once every keychain call under way has ended: GNOME Keyring 42 aborts when a client
     * leaves mid-call (every program's next call then fails), so a face waits before exiting. */
    settle: calls.settle,
    /** See SecretBackend.givenForRun. */
    givenForRun: backend.givenForRun,
    /** Main-process only: no IPC channel ever returns what this reads. */
    get: (environmentId: string, name: SecretName) => read(account(environmentId, name)),
    /** Every secret of one environment, by name, and `boundTo`: what they were set for. */
    getAll: readEnvironment,
    /**
     * Drops what this process holds of an environment's secrets: the next read asks the keychain,
     * where another face (the command line, another window) may have changed them.
     */
    forget(environmentId: string): void {
      if (runOnly.has(environmentId)) return
      changed(environmentId)
      for (const name of ENTRIES) {
        held.delete(account(environmentId, name))
        settled.delete(account(environmentId, name))
      }
    },
    /**
     * Secrets kept in this process for this run only, never in the keychain: the built-in
     * sandbox's own, generated at its start where no keychain can be used. They go with the
     * process, as the sandbox they guard does.
     */
    keepForRun(environmentId: string, secrets: Partial<Record<SecretName, string>>): void {
      runOnly.add(environmentId)
      for (const name of ENTRIES) {
        const key = account(environmentId, name)
        const value = name === BINDING ? null : (secrets[name] ?? null)
        held.set(key, Promise.resolve(value))
        settled.set(key, value)
      }
    },
    /** What the environment's secrets were set for (see secretBinding), null if never said. */
    boundTo: (environmentId: string) => read(account(environmentId, BINDING)),
    bind: (environmentId: string, binding: string) =>
      write(account(environmentId, BINDING), binding),
    /** Calls `listener` with an environment's id as each write of one of its secrets begins. */
    onChange(listener: (environmentId: string) => void): () => void {
      writeListeners.add(listener)
      return () => writeListeners.delete(listener)
    },
    /** A held secret without waiting: undefined when it has not been read yet (or is being read). */
    peek: (environmentId: string, name: SecretName): string | null | undefined =>
      settled.get(account(environmentId, name)),
    set: (environmentId: string, name: SecretName, value: string) =>
      write(account(environmentId, name), value),
    clear: (environmentId: string, name: SecretName) => write(account(environmentId, name), null),
    /**
     * Which secrets are set. Given the binding the environment has now, secrets set for another
     * origin or kind count as not set: they will never be sent.
     */
    async status(environmentId: string, binding?: string): Promise<SecretStatus> {
      // One search for the six entries: listing the environments asks this of each of them.
      const secrets = await readEnvironment(environmentId)
      const elsewhere =
        binding !== undefined && secrets.boundTo !== null && secrets.boundTo !== binding
      return Object.fromEntries(
        SECRET_NAMES.map((name) => [name, !elsewhere && secrets[name] !== null]),
      ) as SecretStatus
    },
    async clearAll(environmentId: string): Promise<void> {
      for (const name of ENTRIES) await write(account(environmentId, name), null)
    },
  }
}
export type Vault = ReturnType<typeof createVault>
