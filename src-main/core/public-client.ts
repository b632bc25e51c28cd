import { LOCAL_SANDBOX_ID, type EnvironmentProfile } from '../../src-shared/environments'
import { AppError } from './app-error'
import type { CoreContext } from './core-context'
import { createExchange } from './http-exchange'
import { callNetworkOf } from './network/call-network'
import { overridden } from './network/network-override'
import { routeFor } from './network/route'
import { proxyTrustFor, secureContextFor } from './network/tls-material'
import { createServiceClient, type ServiceClient } from './service-client'
import { refuseUnusable } from './unusable-profile'

/**
 * The environment's trust, with its client certificate when the key opens with no passphrase (a
 * service may ask one of every caller); else trust alone: the passphrase is a secret of the
 * keychain, and what anyone may read needs no identity.
 */
async function publicSecureContext(profile: EnvironmentProfile, caFile: string | undefined) {
  try {
    return await secureContextFor(profile, null, caFile)
  } catch (error) {
    if (!(error instanceof AppError) || error.said.id !== 'network.clientKeyUnusable') throw error
    const withoutIdentity = { ...profile.tls, clientCertificate: null }
    return secureContextFor({ ...profile, tls: withoutIdentity }, null, caFile)
  }
}

/**
 * A client of the active environment for what the service publishes to anyone (its JWKS): no
 * secret is read for it, none is sent, so a session's JWT can be verified on a machine with no
 * keychain, or for an environment whose secrets are not set. Its route is the environment's,
 * except a proxy login kept in the keychain: a proxy that asks for one takes it from HTTPS_PROXY.
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
  const route = await routeFor(profile.proxy, profile.baseUrl, {
    systemProxyOfUrl: context.systemProxyOfUrl,
    proxyPassword: null,
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
      secureContext: await publicSecureContext(profile, caFile),
      proxyTrust: await proxyTrustFor(profile, proxyUrl, caFile),
      network: callNetworkOf(profile, false),
    },
    context.activity,
  )
  return { client: createServiceClient(exchange), profile, close: exchange.close }
}
