import type { SecretBackend } from '../../src-main/core/keychain/vault'

/**
 * Secrets kept in memory, for tests that are not about the keychain: no keyring call holds a
 * thread of the file system's pool while files are written.
 */
export function memorySecrets(): SecretBackend {
  const secrets = new Map<string, string>()
  return {
    get: (account) => Promise.resolve(secrets.get(account) ?? null),
    set: (account, value) => Promise.resolve(void secrets.set(account, value)),
    delete: (account) => Promise.resolve(void secrets.delete(account)),
  }
}
