import type { SecretName, SecretStatus } from '../../../src-shared/environments'
import { said } from '../../../src-shared/messages'
import { AppError } from '../errors/app-error'
import { heldSecrets, type HeldSecrets } from './held-secrets'
import { keychainQueue } from './keychain-queue'
import {
  account,
  BINDING,
  ENTRIES,
  environmentOf,
  searchFindings,
  statusOf,
  type Entry,
} from './vault-entries'

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

interface VaultParts {
  backend: SecretBackend
  calls: ReturnType<typeof keychainQueue>
  secrets: HeldSecrets
  /**
   * Environments whose secrets live in this process only (the built-in sandbox's, where no
   * keychain can be used): never read from or written to the keychain, never changed.
   */
  runOnly: Set<string>
  /** Told as a secret's write begins (not the binding's): a bulk run stops before its next row. */
  writeListeners: Set<(environmentId: string) => void>
}

/** One entry, from what is held or else from the keychain. */
function readEntry(
  { backend, calls, secrets }: VaultParts,
  key: string,
  deadline?: number,
): Promise<string | null> {
  let value = secrets.get(key)
  if (!value) {
    value = calls.guarded((signal) => backend.get(key, signal), deadline)
    secrets.hold(key, value)
  }
  return value
}

/** Sets or (null) deletes one entry in the keychain, and holds what it now is. */
async function writeEntry(
  { backend, calls, secrets, runOnly, writeListeners }: VaultParts,
  key: string,
  value: string | null,
): Promise<void> {
  // Clearing or replacing them would leave the sandbox out of reach until a restart.
  if (runOnly.has(environmentOf(key))) throw new AppError('VALIDATION', said('runOnlySecrets'))
  // Forgotten first: a read racing this write must not keep the old value.
  secrets.changed(environmentOf(key))
  if (!key.endsWith(`/${BINDING}`))
    for (const listener of writeListeners) listener(environmentOf(key))
  secrets.drop(key)
  await calls.guarded((signal) =>
    value === null ? backend.delete(key, signal) : backend.set(key, value, signal),
  )
  secrets.holdKnown(key, value)
}

/**
 * Every secret of an environment, and what they were set for: those not held yet come from one
 * search of the keychain (a command-line start pays one keychain round trip, not six). What the
 * search does not settle (see searchFindings) is read on its own, so a missing secret or an
 * unusable keychain is told exactly as `get` tells it.
 */
async function readEnvironment(
  parts: VaultParts,
  environmentId: string,
): Promise<Record<Entry, string | null>> {
  const { backend, calls, secrets } = parts
  const keys = ENTRIES.map((name) => account(environmentId, name))
  // One deadline for the search and the reads after it: the whole answer within the timeout.
  const deadline = calls.deadline()
  const findAll = backend.findAll?.bind(backend)
  if (findAll && keys.some((key) => !secrets.has(key))) {
    const before = secrets.version(environmentId)
    const search = await calls
      .guarded((signal) => findAll(`${environmentId}/`, signal), deadline)
      .catch(() => null)
    const found = secrets.version(environmentId) === before ? search : null
    for (const [key, secret] of searchFindings(environmentId, found))
      if (!secrets.has(key)) secrets.holdKnown(key, secret)
  }
  const values = await Promise.all(keys.map((key) => readEntry(parts, key, deadline)))
  return Object.fromEntries(ENTRIES.map((name, i) => [name, values[i] ?? null])) as Record<
    Entry,
    string | null
  >
}

/**
 * An environment's secrets in the OS keychain, read through a queue that gives up in time
 * (keychain-queue.ts) and held once read (held-secrets.ts).
 */
export function createVault({ backend, timeoutMs = 5000, platform }: VaultOptions) {
  const calls = keychainQueue(timeoutMs, platform ?? process.platform)
  const secrets = heldSecrets()
  const runOnly = new Set<string>()
  const writeListeners = new Set<(environmentId: string) => void>()

  const parts: VaultParts = { backend, calls, secrets, runOnly, writeListeners }
  const read = (key: string, deadline?: number) => readEntry(parts, key, deadline)
  const write = (key: string, value: string | null) => writeEntry(parts, key, value)
  const getAll = (environmentId: string) => readEnvironment(parts, environmentId)

  return {
    /** Once every keychain call under way has ended: GNOME Keyring 42 aborts when a client
     * leaves mid-call (every program's next call then fails), so a face waits before exiting. */
    settle: calls.settle,
    /** See SecretBackend.givenForRun. */
    givenForRun: backend.givenForRun,
    /** Main-process only: no IPC channel ever returns what this reads. */
    get: (environmentId: string, name: SecretName) => read(account(environmentId, name)),
    /** Every secret of one environment, by name, and `boundTo`: what they were set for. */
    getAll,
    /**
     * Drops what this process holds of an environment's secrets: the next read asks the keychain,
     * where another face (the command line, another window) may have changed them.
     */
    forget(environmentId: string): void {
      if (runOnly.has(environmentId)) return
      secrets.changed(environmentId)
      for (const name of ENTRIES) secrets.drop(account(environmentId, name))
    },
    /**
     * Secrets kept in this process for this run only, never in the keychain: the built-in
     * sandbox's own, generated at its start where no keychain can be used. They go with the
     * process, as the sandbox they guard does.
     */
    keepForRun(environmentId: string, given: Partial<Record<SecretName, string>>): void {
      runOnly.add(environmentId)
      for (const name of ENTRIES)
        secrets.holdKnown(
          account(environmentId, name),
          name === BINDING ? null : (given[name] ?? null),
        )
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
      secrets.peek(account(environmentId, name)),
    set: (environmentId: string, name: SecretName, value: string) =>
      write(account(environmentId, name), value),
    clear: (environmentId: string, name: SecretName) => write(account(environmentId, name), null),
    /** Which secrets are set, given the binding the environment has now (see statusOf). */
    // One search for the six entries: listing the environments asks this of each of them.
    status: async (environmentId: string, binding?: string): Promise<SecretStatus> =>
      statusOf(await getAll(environmentId), binding),
    async clearAll(environmentId: string): Promise<void> {
      for (const name of ENTRIES) await write(account(environmentId, name), null)
    },
  }
}
export type Vault = ReturnType<typeof createVault>
