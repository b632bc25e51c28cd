import type { EnvironmentProfile } from '../../../src-shared/environments'
import type { Vault } from '../keychain/vault'
import type { EnvironmentClient, Secrets } from './environment-client'
import { sameFields } from './same-fields'

/** A client built for an environment, with what it was built from. */
export interface CachedClient {
  profile: EnvironmentProfile
  secrets: Secrets
  /** The keychain's value of the proxy password, which holds what it was set for. */
  sealedProxyPassword: string | null | undefined
  built: EnvironmentClient
  /** Closes the idle connections of its agent: a client replaced must not keep them open. */
  close: () => void
}

/**
 * Whether a cached client was built from what the vault holds now, asked without waiting. The
 * proxy password is held sealed (see proxy-password.ts): compared as the keychain has it.
 */
export function heldUnchanged(cached: CachedClient, vault: Vault, id: string): boolean {
  const { apiKey, secretKey, userTokenSecret, clientKeyPassphrase } = cached.secrets
  const held = {
    apiKey: vault.peek(id, 'apiKey'),
    secretKey: vault.peek(id, 'secretKey'),
    userTokenSecret: vault.peek(id, 'userTokenSecret'),
    clientKeyPassphrase: vault.peek(id, 'clientKeyPassphrase'),
  }
  return (
    sameFields<object>({ apiKey, secretKey, userTokenSecret, clientKeyPassphrase }, held) &&
    cached.sealedProxyPassword === vault.peek(id, 'proxyPassword')
  )
}

/** Each environment's client, by id; one replaced or forgotten has its connections closed. */
export function clientCache() {
  const clients = new Map<string, CachedClient>()
  const forget = (environmentId: string): void => {
    clients.get(environmentId)?.close()
    clients.delete(environmentId)
  }
  return {
    get: (environmentId: string) => clients.get(environmentId),
    keep(environmentId: string, cached: CachedClient): void {
      forget(environmentId)
      clients.set(environmentId, cached)
    },
    forget,
    forgetAll: (): void => {
      for (const environmentId of [...clients.keys()]) forget(environmentId)
    },
  }
}
