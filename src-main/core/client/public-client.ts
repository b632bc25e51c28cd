import { LOCAL_SANDBOX_ID, type EnvironmentProfile } from '../../../src-shared/environments'
import { AppError } from '../errors/app-error'
import { boundSecrets } from '../keychain/bound-secrets'
import type { CoreContext } from '../wiring/core-context'
import { createExchange } from './retried-call'
import { callNetworkOf } from '../network/call-network'
import { overridden } from '../network/network-override'
import { proxyPasswordBinding } from '../network/proxy-password'
import { routeFor } from '../network/route'
import { proxyTrustFor, secureContextFor } from '../network/tls-material'
import { createServiceClient, type ServiceClient } from './service-client'
import { refuseUnusable } from '../settings/unusable-profile'

/**
 * The environment's trust, with its client certificate where the key opens (with the passphrase
 * the keychain holds, or with none); else trust alone: what anyone may read needs no identity.
 */
async function publicSecureContext(
  profile: EnvironmentProfile,
  passphrase: string | null,
  caFile: string | undefined,
) {
  try {
    return await secureContextFor(profile, passphrase, caFile)
  } catch (error) {
    if (!(error instanceof AppError) || error.said.id !== 'network.clientKeyUnusable') throw error
    const withoutIdentity = { ...profile.tls, clientCertificate: null }
    return secureContextFor({ ...profile, tls: withoutIdentity }, null, caFile)
  }
}

/**
 * What the route itself may need from the keychain: the proxy's login and the client key's
 * passphrase, never a credential of the service. None where the keychain cannot answer (no
 * keychain, secrets not set, set for another route): the public keys are then fetched without.
 */
async function routeSecrets(context: CoreContext, stored: EnvironmentProfile) {
  // A route with no proxy login and no client key needs nothing: the keychain is not asked.
  const asks = proxyPasswordBinding(stored) !== null || stored.tls.clientCertificate !== null
  if (!asks) return { proxyPassword: null, clientKeyPassphrase: null }
  try {
    const { proxyPassword, clientKeyPassphrase } = await boundSecrets(context.vault, stored)
    return { proxyPassword, clientKeyPassphrase }
  } catch (error) {
    if (!(error instanceof AppError)) throw error
    return { proxyPassword: null, clientKeyPassphrase: null }
  }
}

/**
 * A client of the active environment for what the service publishes to anyone (its JWKS): no
 * credential of the service is sent, and none is needed, so a session's JWT can be verified on a
 * machine with no keychain, or for an environment whose keys are not set. Its route is the
 * environment's, with the proxy login and key passphrase where the keychain holds them.
 * Closed by the caller once used.
 */
export async function publicClient(
  context: CoreContext,
): Promise<{ client: ServiceClient; profile: EnvironmentProfile; close: () => void }> {
  const active = await context.environments.active()
  if (active.id === LOCAL_SANDBOX_ID) await context.sandbox.ensureStarted()
  const stored =
    active.id === LOCAL_SANDBOX_ID ? await context.environments.profile(LOCAL_SANDBOX_ID) : active
  const profile = overridden(stored, context.networkOverride)
  refuseUnusable(profile)
  const secrets = await routeSecrets(context, stored)
  const route = await routeFor(profile.proxy, profile.baseUrl, {
    systemProxyOfUrl: context.systemProxyOfUrl,
    // As for every call: the proxy password goes only to the proxy, and user, it was set for.
    proxyPassword:
      proxyPasswordBinding(profile) === proxyPasswordBinding(stored) ? secrets.proxyPassword : null,
  })
  const caFile = context.networkOverride?.caFile
  const proxyUrl = route.via === 'proxy' ? route.proxyUrl : null
  const exchange = createExchange(
    {
      environmentId: profile.id,
      environmentName: profile.name,
      baseUrl: profile.baseUrl,
      timeoutMs: profile.timeoutMs,
      maxResponseBytes: profile.maxResponseKiB * 1024,
      // Empty: the exchange sends no credential header (see headerSets).
      apiKey: '',
      secretKey: '',
      secretValues: new Map(),
      route,
      secureContext: await publicSecureContext(profile, secrets.clientKeyPassphrase, caFile),
      proxyTrust: await proxyTrustFor(profile, proxyUrl, caFile),
      network: callNetworkOf(profile, secrets.clientKeyPassphrase !== null),
    },
    context.activity,
  )
  return { client: createServiceClient(exchange), profile, close: exchange.close }
}
