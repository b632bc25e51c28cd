import { askedAgainIfLeft } from './keychain-restart'
import type { SecretBackend } from './vault'

/**
 * The OS keychain through @napi-rs/keyring. On Linux the store is pinned to the Secret Service:
 * unpinned, the binding silently falls back to the kernel keyring, which is lost at reboot.
 */
export function keyringBackend(serviceName: string): SecretBackend {
  // The addon loads on the first keychain call: a command given its secrets in variables, or one
  // that never reads a secret, does not pay for it.
  const keyring = () => import('@napi-rs/keyring')
  // Each call makes its entry inside the call that may be asked again: an entry holds its own bus
  // connection and Secret Service session, and a second try must open new ones on the daemon
  // that answers now.
  const entry = async (account: string) =>
    new (await keyring()).AsyncEntry(serviceName, account, { linux: { store: 'secret-service' } })
  return {
    get: (account, signal) =>
      askedAgainIfLeft(async () => (await entry(account)).getPassword(signal)),
    set: (account, value, signal) =>
      askedAgainIfLeft(async () => (await entry(account)).setPassword(value, signal)),
    delete: (account, signal) =>
      askedAgainIfLeft(async () => {
        await (await entry(account)).deleteCredential(signal)
      }),
    findAll: async (prefix, signal) => {
      const { findCredentialsAsync } = await keyring()
      const found = await askedAgainIfLeft(() => findCredentialsAsync(serviceName, null, signal))
      return new Map(
        found
          .filter((credential) => credential.account.startsWith(prefix))
          .map((credential) => [credential.account, credential.password]),
      )
    },
  }
}
