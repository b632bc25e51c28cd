import { AsyncEntry } from '@napi-rs/keyring'
import { SECRET_NAMES, type SecretName, type SecretStatus } from '../../src-shared/environments'
import { AppError } from './app-error'

/** The few keychain operations the vault needs; tests may substitute a hung or failing one. */
export interface SecretBackend {
  get(account: string, signal: AbortSignal): Promise<string | null>
  set(account: string, value: string, signal: AbortSignal): Promise<void>
  delete(account: string, signal: AbortSignal): Promise<void>
}

/**
 * The OS keychain through @napi-rs/keyring. On Linux the store is pinned to the Secret Service:
 * unpinned, the binding silently falls back to the kernel keyring, which is lost at reboot.
 */
export function keyringBackend(serviceName: string): SecretBackend {
  const entry = (account: string) =>
    new AsyncEntry(serviceName, account, { linux: { store: 'secret-service' } })
  return {
    get: (account, signal) => entry(account).getPassword(signal),
    set: (account, value, signal) => entry(account).setPassword(value, signal),
    delete: async (account, signal) => {
      await entry(account).deleteCredential(signal)
    },
  }
}

export function keychainAdvice(platform: NodeJS.Platform = process.platform): string {
  if (platform === 'darwin') return 'Unlock the login keychain in Keychain Access, then try again.'
  if (platform === 'win32')
    return 'Check that Windows Credential Manager is available, then try again.'
  return 'Start and unlock a Secret Service keyring (GNOME Keyring or KWallet) in your desktop session, then try again. Credentials are never stored in plain text instead.'
}

export interface VaultOptions {
  backend: SecretBackend
  /** Each keychain call gives up after this long: a locked keyring must not freeze the app. */
  timeoutMs?: number
  platform?: NodeJS.Platform
}

export function createVault({ backend, timeoutMs = 5000, platform }: VaultOptions) {
  const account = (environmentId: string, name: SecretName) => `${environmentId}/${name}`

  // One keychain call at a time: the Secret Service answers "no result found" to a lookup
  // that races a write of the same item. A timed-out call releases the queue.
  let queue: Promise<unknown> = Promise.resolve()
  function guarded<T>(operation: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const run = queue.then(() => timed(operation))
    queue = run.catch(() => undefined)
    return run
  }

  async function timed<T>(operation: (signal: AbortSignal) => Promise<T>): Promise<T> {
    const controller = new AbortController()
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort()
        reject(
          new AppError(
            'KEYCHAIN_UNAVAILABLE',
            `The keychain did not answer within ${timeoutMs / 1000} s (it may be locked). ${keychainAdvice(platform)}`,
          ),
        )
      }, timeoutMs)
    })
    try {
      return await Promise.race([operation(controller.signal), timeout])
    } catch (error) {
      if (error instanceof AppError) throw error
      throw new AppError(
        'KEYCHAIN_UNAVAILABLE',
        `The keychain cannot be used. ${keychainAdvice(platform)}`,
        {
          detail: error instanceof Error ? error.message : String(error),
        },
      )
    } finally {
      clearTimeout(timer)
    }
  }

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

  function read(key: string): Promise<string | null> {
    let value = held.get(key)
    if (!value) {
      value = guarded((signal) => backend.get(key, signal))
      hold(key, value)
    }
    return value
  }

  async function write(key: string, value: string | null): Promise<void> {
    // Forgotten first: a read racing this write must not keep the old value.
    held.delete(key)
    settled.delete(key)
    await guarded((signal) =>
      value === null ? backend.delete(key, signal) : backend.set(key, value, signal),
    )
    hold(key, Promise.resolve(value))
    settled.set(key, value)
  }

  return {
    /** Main-process only: no IPC channel ever returns what this reads. */
    get: (environmentId: string, name: SecretName) => read(account(environmentId, name)),
    /** A held secret without waiting: undefined when it has not been read yet (or is being read). */
    peek: (environmentId: string, name: SecretName): string | null | undefined =>
      settled.get(account(environmentId, name)),
    set: (environmentId: string, name: SecretName, value: string) =>
      write(account(environmentId, name), value),
    clear: (environmentId: string, name: SecretName) => write(account(environmentId, name), null),
    async status(environmentId: string): Promise<SecretStatus> {
      const entries = await Promise.all(
        SECRET_NAMES.map(
          async (name) => [name, (await read(account(environmentId, name))) !== null] as const,
        ),
      )
      return Object.fromEntries(entries) as SecretStatus
    },
    async clearAll(environmentId: string): Promise<void> {
      for (const name of SECRET_NAMES) await write(account(environmentId, name), null)
    },
  }
}
export type Vault = ReturnType<typeof createVault>
