import { askedAgainIfLeft } from './keychain-restart'
import { keychainThread, type KeychainThread } from './keychain-thread'
import type { SecretBackend } from './vault'

/**
 * The OS keychain through @napi-rs/keyring, through the process's keychain thread
 * (keychain-thread.ts: main never makes a native keychain call, the connections stay few, and no
 * call keeps the process from ending). On Linux the store is pinned to the Secret Service:
 * unpinned, the binding silently falls back to the kernel keyring, which is lost at reboot. The
 * addon loads on the first keychain call: a command given its secrets in variables, or one that
 * never reads a secret, does not pay for it.
 */
export function keyringBackend(
  serviceName: string,
  thread: KeychainThread = keychainThread(),
): SecretBackend {
  // A call the keyring's process left mid-way is asked again on a fresh host, whose
  // connections and sessions reach the daemon that answers now.
  return {
    get: (account, signal) => askedAgainIfLeft(() => thread.get(serviceName, account, signal)),
    set: (account, value, signal) =>
      askedAgainIfLeft(() => thread.set(serviceName, account, value, signal)),
    delete: (account, signal) =>
      askedAgainIfLeft(() => thread.delete(serviceName, account, signal)),
    findAll: async (prefix, signal) => {
      const found = await askedAgainIfLeft(() => thread.find(serviceName, signal))
      return new Map(
        found
          .filter((credential) => credential.account.startsWith(prefix))
          .map((credential) => [credential.account, credential.password]),
      )
    },
  }
}
