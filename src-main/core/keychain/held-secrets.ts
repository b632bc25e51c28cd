/**
 * Secrets held after their first read, like an unlocked key: a keychain read costs ~15 ms and
 * every call needs two or three. Main-process memory only; writes through the vault keep it
 * current. A failed read is not held, so the next call asks the keychain again.
 */
export function heldSecrets() {
  const held = new Map<string, Promise<string | null>>()
  // The same values once their read has finished, for callers that must not wait a turn.
  const settled = new Map<string, string | null>()
  // Bumped by every write and forget of an environment: a search that began before one is older
  // than what is held now, and its answer is not kept.
  const changes = new Map<string, number>()

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

  return {
    hold,
    /** Holds a value known now, readable at once by `peek`. */
    holdKnown(key: string, value: string | null): void {
      hold(key, Promise.resolve(value))
      settled.set(key, value)
    },
    drop(key: string): void {
      held.delete(key)
      settled.delete(key)
    },
    get: (key: string) => held.get(key),
    has: (key: string) => held.has(key),
    /** A held secret without waiting: undefined when it has not been read yet (or is being read). */
    peek: (key: string) => settled.get(key),
    changed: (environmentId: string) =>
      void changes.set(environmentId, (changes.get(environmentId) ?? 0) + 1),
    version: (environmentId: string) => changes.get(environmentId) ?? 0,
  }
}
export type HeldSecrets = ReturnType<typeof heldSecrets>
