import type { SecureContext } from 'node:tls'
import type { EnvironmentProfile } from '../../../src-shared/environments'
import { createUserTokenHasher } from '../../../src-shared/service'
import type { ActivityLog } from '../activity/activity-log'
import { createExchange, type ExchangeOptions } from '../client/retried-call'
import { createServiceClient, type ServiceClient } from '../client/service-client'
import type { boundSecrets } from '../keychain/bound-secrets'
import type { KnownUsers } from '../known-users/known-users'
import { recordingClient } from '../known-users/recording-client'
import { callNetworkOf } from '../network/call-network'
import type { NetworkOverride } from '../network/network-override'
import { proxyPasswordBinding } from '../network/proxy-password'
import { routeFor, type Route, type SystemProxyOfUrl } from '../network/route'
import { proxyTrustFor, secureContextFor } from '../network/tls-material'
import type { GivenSecrets } from '../redaction/given-secrets'
import { secretValuesOf } from '../redaction/redact'

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

export type Secrets = Awaited<ReturnType<typeof boundSecrets>>

/** What every environment's client is built with, whichever environment it is. */
export interface ClientParts {
  activity: ActivityLog
  given: GivenSecrets
  exchangeOptions?: ExchangeOptions | undefined
  systemProxyOfUrl?: SystemProxyOfUrl | undefined
  networkOverride?: NetworkOverride | undefined
  /** The list of known users, told of every user a call read or wrote (it may be off). */
  knownUsers?: KnownUsers | undefined
}

/**
 * An environment's client: its route (straight or through which proxy), its TLS set-up, and an
 * exchange that hides every one of its secrets. `stored` is the profile as saved, `profile` with
 * this process's network override over it; `close` drops the idle connections of its agent.
 */
export async function buildEnvironmentClient(
  parts: ClientParts,
  stored: EnvironmentProfile,
  profile: EnvironmentProfile,
  secrets: Secrets & { apiKey: string; secretKey: string },
): Promise<{ built: EnvironmentClient; close: () => void }> {
  const route = await routeFor(profile.proxy, profile.baseUrl, {
    systemProxyOfUrl: parts.systemProxyOfUrl,
    // The proxy password goes only to the proxy, and user, it was set for.
    proxyPassword:
      proxyPasswordBinding(profile) === proxyPasswordBinding(stored) ? secrets.proxyPassword : null,
  })
  const caFile = parts.networkOverride?.caFile
  const secureContext = await secureContextFor(profile, secrets.clientKeyPassphrase, caFile)
  const proxyUrl = route.via === 'proxy' ? route.proxyUrl : null
  const proxyTrust = await proxyTrustFor(profile, proxyUrl, caFile)
  const secretValues = secretValuesOf(profile.baseUrl, secrets)
  const exchange = createExchange(
    {
      environmentId: profile.id,
      environmentName: profile.name,
      baseUrl: profile.baseUrl,
      timeoutMs: profile.timeoutMs,
      maxResponseBytes: profile.maxResponseKiB * 1024,
      apiKey: secrets.apiKey,
      secretKey: secrets.secretKey,
      secretValues,
      given: parts.given,
      route,
      secureContext,
      proxyTrust,
      network: callNetworkOf(profile, secrets.clientKeyPassphrase !== null),
    },
    parts.activity,
    parts.exchangeOptions,
  )
  const { userTokenSecret } = secrets
  let hasher: ReturnType<typeof createUserTokenHasher> | undefined
  const built = {
    client: recordingClient(createServiceClient(exchange), parts.knownUsers, profile.id, () =>
      parts.given.hidden(secretValues),
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
  return { built, close: exchange.close }
}
