import type { SecureContext } from 'node:tls'
import { LOCAL_SANDBOX_ID, type EnvironmentProfile } from '../../src-shared/environments'
import type { AppInfo, Face } from '../../src-shared/ipc'
import { said } from '../../src-shared/messages'
import { createUserTokenHasher } from '../../src-shared/service'
import { AppError } from './app-error'
import { boundSecrets, credentialsOf } from './bound-secrets'
import type { ActivityLog } from './activity-log'
import type { EmbeddedSandbox } from './embedded-sandbox'
import { createGivenSecrets } from './given-secrets'
import type { Environments } from './environments'
import { createExchange, type ExchangeOptions } from './http-exchange'
import { overridden, type NetworkOverride } from './network/network-override'
import { proxyPasswordBinding } from './network/proxy-password'
import { routeFor, type Route, type SystemProxyOfUrl } from './network/route'
import { sameFields } from './same-fields'
import { callNetworkOf } from './network/call-network'
import { proxyTrustFor, secureContextFor } from './network/tls-material'
import { secretValuesOf } from './redact'
import { createServiceClient, type ServiceClient } from './service-client'
import type { KnownUsers } from './known-users/known-users'
import { recordingClient } from './known-users/recording-client'
import { refuseUnusable } from './unusable-profile'
import type { Vault } from './vault'
import type { ConfirmWrite } from './write-confirmation'

export interface CoreContext {
  version: string
  face: Face
  vault: Vault
  environments: Environments
  sandbox: EmbeddedSandbox
  activity: ActivityLog
  /** The face's own confirmation of a production write (the window's dialog), if it has one. */
  confirmWrite?: ConfirmWrite | undefined
  /** Where the face can ask the system for a URL's proxy (the window's session). */
  systemProxyOfUrl?: SystemProxyOfUrl | undefined
  /** This process's own network settings over every profile's (the command line's --proxy...). */
  networkOverride?: NetworkOverride | undefined
  keychainStatus(): Promise<AppInfo['keychain']>
  clientFor(environmentId: string): Promise<EnvironmentClient>
  /**
   * Drops what was built for an environment: its next client reads its files and asks for its
   * proxy again (a CA file replaced in place, a laptop moved to another network).
   */
  refresh(environmentId: string): void
  /** Closes every environment's connections (the core is going away). */
  dispose(): void
  /** The client of the environment the console is using now. */
  activeClient(): Promise<EnvironmentClient>
}

export interface EnvironmentClient {
  client: ServiceClient
  profile: EnvironmentProfile
  userTokenSecret: string | null
  /** The user's identifier as the environment's userToken scheme turns it into a userToken. */
  hashUserToken: (identifier: string) => Promise<string>
  /** How its calls leave, and the TLS set-up they use: what the connection test probes with. */
  route: Route
  secureContext: SecureContext | undefined
}

type Secrets = Awaited<ReturnType<typeof boundSecrets>>

export function createCoreContext(parts: {
  version: string
  face: Face
  vault: Vault
  environments: Environments
  sandbox: EmbeddedSandbox
  activity: ActivityLog
  exchangeOptions?: ExchangeOptions
  confirmWrite?: ConfirmWrite | undefined
  systemProxyOfUrl?: SystemProxyOfUrl | undefined
  networkOverride?: NetworkOverride | undefined
  /** The list of known users, told of every user a call read or wrote (it may be off). */
  knownUsers?: KnownUsers | undefined
}): CoreContext {
  const { vault, environments, sandbox, activity } = parts
  const given = createGivenSecrets()
  const clients = new Map<
    string,
    {
      profile: EnvironmentProfile
      secrets: Secrets
      /** The keychain's value of the proxy password, which holds what it was set for. */
      sealedProxyPassword: string | null | undefined
      clientAndProfile: EnvironmentClient
      /** Closes the idle connections of its agent: a client replaced must not keep them open. */
      close: () => void
    }
  >()

  function forget(environmentId: string): void {
    clients.get(environmentId)?.close()
    clients.delete(environmentId)
  }

  /** Reads an environment's secrets; builds its client, or reuses the one built for the same. */
  async function clientForProfile(stored: EnvironmentProfile): Promise<EnvironmentClient> {
    const profile = overridden(stored, parts.networkOverride)
    const environmentId = profile.id
    const cached = clients.get(environmentId)
    const sameProfile = cached !== undefined && sameFields(cached.profile, profile)
    // An unchanged profile passed already.
    if (!sameProfile) refuseUnusable(profile)
    // Bound to the route the environment has: --proxy and --ca-file are the command's own,
    // typed by its user for this call, and change where the keys go, not what they were set for.
    const secrets = await boundSecrets(vault, stored)
    const { apiKey, secretKey } = credentialsOf(secrets, profile.name)
    const { userTokenSecret } = secrets
    // Built once per environment and reused while its profile and secrets stay the same: the
    // redaction table and the userToken hasher (a key import) need not be remade per call.
    if (sameProfile && sameFields(cached.secrets, secrets)) return cached.clientAndProfile
    const route = await routeFor(profile.proxy, profile.baseUrl, {
      systemProxyOfUrl: parts.systemProxyOfUrl,
      // The proxy password goes only to the proxy, and user, it was set for.
      proxyPassword:
        proxyPasswordBinding(profile) === proxyPasswordBinding(stored)
          ? secrets.proxyPassword
          : null,
    })
    const caFile = parts.networkOverride?.caFile
    const secureContext = await secureContextFor(profile, secrets.clientKeyPassphrase, caFile)
    const proxyUrl = route.via === 'proxy' ? route.proxyUrl : null
    const proxyTrust = await proxyTrustFor(profile, proxyUrl, caFile)
    const secretValues = secretValuesOf(profile.baseUrl, { ...secrets, apiKey, secretKey })
    const exchange = createExchange(
      {
        environmentId,
        environmentName: profile.name,
        baseUrl: profile.baseUrl,
        timeoutMs: profile.timeoutMs,
        maxResponseBytes: profile.maxResponseKiB * 1024,
        apiKey,
        secretKey,
        secretValues,
        given,
        route,
        secureContext,
        proxyTrust,
        network: callNetworkOf(profile, secrets.clientKeyPassphrase !== null),
      },
      activity,
      parts.exchangeOptions,
    )
    let hasher: ReturnType<typeof createUserTokenHasher> | undefined
    const clientAndProfile = {
      client: recordingClient(createServiceClient(exchange), parts.knownUsers, environmentId, () =>
        given.hidden(secretValues),
      ),
      profile,
      userTokenSecret,
      hashUserToken: async (identifier: string) => {
        hasher ??= createUserTokenHasher(profile.userTokenScheme, userTokenSecret ?? '')
        return (await hasher)(identifier)
      },
      route,
      secureContext,
    }
    const sealedProxyPassword = vault.peek(environmentId, 'proxyPassword')
    forget(environmentId)
    clients.set(environmentId, {
      profile,
      secrets,
      sealedProxyPassword,
      clientAndProfile,
      close: exchange.close,
    })
    return clientAndProfile
  }

  /**
   * The active environment's client, found without waiting, when it was built already and
   * nothing it was built from (profile, secrets held by the vault) has changed since; otherwise
   * undefined, and the caller takes the path that reads and checks everything. Every await costs
   * a call a few microseconds, which a fast service makes a visible share of it.
   */
  function unchangedActiveClient(): EnvironmentClient | undefined {
    const stored = environments.activeIfLoaded()
    const profile = stored && overridden(stored, parts.networkOverride)
    const cached = profile && clients.get(profile.id)
    if (!profile || !cached || !sameFields(cached.profile, profile)) return undefined
    // The proxy password is held sealed (see proxy-password.ts): compared as the keychain has it.
    const { apiKey, secretKey, userTokenSecret, clientKeyPassphrase } = cached.secrets
    const held = {
      apiKey: vault.peek(profile.id, 'apiKey'),
      secretKey: vault.peek(profile.id, 'secretKey'),
      userTokenSecret: vault.peek(profile.id, 'userTokenSecret'),
      clientKeyPassphrase: vault.peek(profile.id, 'clientKeyPassphrase'),
    }
    const unchanged =
      sameFields<object>({ apiKey, secretKey, userTokenSecret, clientKeyPassphrase }, held) &&
      cached.sealedProxyPassword === vault.peek(profile.id, 'proxyPassword')
    return unchanged ? cached.clientAndProfile : undefined
  }

  /** The built-in sandbox's profile names its address, known once it has started. */
  async function startedSandboxProfile(): Promise<EnvironmentProfile> {
    await sandbox.ensureStarted()
    return environments.profile(LOCAL_SANDBOX_ID)
  }

  return {
    ...parts,

    async keychainStatus() {
      const unusable = sandbox.withoutKeychain()
      if (unusable !== null) return { available: false, said: unusable }
      try {
        await vault.status(LOCAL_SANDBOX_ID)
        return { available: true, said: null }
      } catch (error) {
        return {
          available: false,
          said: error instanceof AppError ? error.said : said('internalFailure'),
        }
      }
    },

    refresh: forget,

    dispose() {
      for (const environmentId of [...clients.keys()]) forget(environmentId)
    },

    async clientFor(environmentId) {
      return clientForProfile(
        environmentId === LOCAL_SANDBOX_ID
          ? await startedSandboxProfile()
          : await environments.profile(environmentId),
      )
    },

    async activeClient() {
      const unchanged = unchangedActiveClient()
      if (unchanged) return unchanged
      const profile = await environments.active()
      return clientForProfile(
        profile.id === LOCAL_SANDBOX_ID ? await startedSandboxProfile() : profile,
      )
    },
  }
}
