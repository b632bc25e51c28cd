import { LOCAL_SANDBOX_ID, type EnvironmentProfile } from '../../../src-shared/environments'
import type { ConnectionTest } from '../../../src-shared/ipc'
import { said, type Said } from '../../../src-shared/messages'
import { AppError } from '../errors/app-error'
import { boundSecrets, type EnvironmentSecrets } from '../keychain/bound-secrets'
import type { CoreContext } from '../wiring/core-context'
import { overridden } from '../network/network-override'
import { routeFor } from '../network/route'
import { proxyTrustFor, secureContextFor } from '../network/tls-material'
import { diagnoseConnection, type Prepared, type RealCall } from '../network/diagnosis/diagnose'

/**
 * The profile the environment's calls use: the built-in sandbox's once it has started (its port
 * is known then), with this process's proxy over it, as the core's clients take it.
 */
async function testedProfile(context: CoreContext, id: string): Promise<EnvironmentProfile> {
  if (id === LOCAL_SANDBOX_ID) await context.sandbox.ensureStarted()
  return overridden(await context.environments.profile(id), context.networkOverride)
}

/** What a setting or file made, or the words of the AppError that said why it could not be. */
async function prepared<T>(make: () => Promise<T>): Promise<Prepared<T>> {
  try {
    return { ok: true, value: await make() }
  } catch (error) {
    if (error instanceof AppError) return { ok: false, said: error.said }
    throw error
  }
}

/** Which of the apiKey and secretKey every call sends is not set, as the core says it; null if none. */
function missingCredentials(profile: EnvironmentProfile, secrets: EnvironmentSecrets): Said | null {
  const { apiKey, secretKey } = secrets
  if (apiKey !== null && secretKey !== null) return null
  const environment = profile.name
  if (apiKey === null && secretKey === null) return said('credentialsMissing', { environment })
  return said(apiKey === null ? 'apiKeyMissing' : 'secretKeyMissing', { environment })
}

/**
 * Test connection for one environment. The network steps need no credentials, so they run
 * whether or not the apiKey and secretKey are set (a support person checks the network before
 * they arrive): the route and the TLS set-up are made here, without them, and what stops either
 * (a system proxy the console cannot use; a CA file or client key it cannot read) fails its own
 * step. The real call is made through the environment's client only when every step passed and
 * the credentials are set.
 */
export async function testConnection(context: CoreContext, id: string): Promise<ConnectionTest> {
  // The probes read the files and ask for the proxy now: the real call must use the same, not a
  // client built before a CA file was replaced in place or the laptop moved to another network.
  context.refresh(id)
  const profile = await testedProfile(context, id)
  const secrets = await boundSecrets(context.vault, profile)
  const { baseUrl, timeoutMs, tls } = profile
  const route = await prepared(() =>
    routeFor(profile.proxy, baseUrl, {
      systemProxyOfUrl: context.systemProxyOfUrl,
      proxyPassword: secrets.proxyPassword,
    }),
  )
  const caFile = context.networkOverride?.caFile
  const secureContext = await prepared(() =>
    secureContextFor(profile, secrets.clientKeyPassphrase, caFile),
  )
  // An https:// proxy is judged with the same trust its calls use.
  const proxyUrl = route.ok && route.value.via === 'proxy' ? route.value.proxyUrl : null
  const proxyTrust = await prepared(() => proxyTrustFor(profile, proxyUrl, caFile))
  const missing = missingCredentials(profile, secrets)
  const call: RealCall =
    missing === null
      ? { send: async () => (await context.clientFor(id)).client.testConnection() }
      : { missing }
  const subject = { baseUrl, timeoutMs, tls, route, secureContext, proxyTrust }
  const test = await diagnoseConnection(subject, call)
  // Authenticate by identifier hashes with it: a working connection is not all that is needed.
  const needsSecret = secrets.userTokenSecret === null && profile.userTokenScheme !== 'plain'
  return { ...test, missingSecrets: needsSecret ? ['userTokenSecret'] : [] }
}
