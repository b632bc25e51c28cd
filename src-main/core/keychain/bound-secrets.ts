import {
  isLoopbackUrl,
  legacySecretBinding,
  LOCAL_SANDBOX_ID,
  secretBinding,
  type EnvironmentProfile,
  type SecretName,
  type SecretStatus,
} from '../../../src-shared/environments'
import { said } from '../../../src-shared/messages'
import { AppError } from '../errors/app-error'
import {
  openProxyPassword,
  proxyPasswordBinding,
  sealProxyPassword,
} from '../network/proxy-password'
import type { Vault } from './vault'

export interface EnvironmentSecrets {
  apiKey: string | null
  secretKey: string | null
  userTokenSecret: string | null
  /** Only when it was set for the environment's proxy and user name as they are now. */
  proxyPassword: string | null
  clientKeyPassphrase: string | null
}

// The built-in sandbox's secrets are made by main for main's own loopback server, whose port
// changes at each start, and secrets given for one run (the command line's variables) are kept
// nowhere: neither has a stored binding.
const boundByConstruction = (vault: Vault, profile: EnvironmentProfile) =>
  profile.id === LOCAL_SANDBOX_ID || vault.givenForRun !== undefined

/**
 * The command line's variables go to the environment --env names only if it is where they were
 * given for: the origin INTEGRATOR_BASE_URL names, or else this machine. The profile itself is
 * no proof: the window's page can edit it in the shared data folder.
 */
function assertGivenFor(vault: Vault, profile: EnvironmentProfile): void {
  const given = vault.givenForRun
  if (given === undefined || profile.id === LOCAL_SANDBOX_ID) return
  const origin = URL.canParse(profile.baseUrl) ? new URL(profile.baseUrl).origin : profile.baseUrl
  if (given.origin === null ? isLoopbackUrl(profile.baseUrl) : given.origin === origin) return
  throw new AppError(
    'SECRET_MISSING',
    given.origin === null
      ? said('variablesNeedOrigin', { environment: profile.name, url: origin })
      : said('variablesForAnotherOrigin', {
          environment: profile.name,
          url: origin,
          origin: given.origin,
        }),
  )
}

/**
 * The binding the keychain holds for the environment. One an older console wrote (kind and origin
 * alone) that matches is taken as set for the route the environment has now, and rewritten so.
 */
async function heldBinding(
  vault: Vault,
  profile: EnvironmentProfile,
  held: string | null,
): Promise<string | null> {
  if (held === null || held !== legacySecretBinding(profile)) return held
  const binding = secretBinding(profile)
  await vault.bind(profile.id, binding)
  return binding
}

/** The keychain's own binding: what this process holds may be older (another face wrote since). */
async function freshBinding(vault: Vault, profile: EnvironmentProfile): Promise<string | null> {
  const held = await heldBinding(vault, profile, await vault.boundTo(profile.id))
  if (held === secretBinding(profile)) return held
  vault.forget(profile.id)
  return heldBinding(vault, profile, await vault.boundTo(profile.id))
}

/**
 * An environment's secrets, only if they were set for what the environment is now (its whole
 * route: kind, origin, proxy, trust, client certificate). Secrets set for another route (the
 * profile changed under them: another face, a hand edit, a save whose clean-up failed) are
 * dropped and never sent. Secrets stored before bindings existed belong to the profile as it is
 * stored when first read.
 */
export async function boundSecrets(
  vault: Vault,
  profile: EnvironmentProfile,
): Promise<EnvironmentSecrets> {
  if (boundByConstruction(vault, profile)) {
    assertGivenFor(vault, profile)
    const { apiKey, secretKey, userTokenSecret, proxyPassword, clientKeyPassphrase } =
      await vault.getAll(profile.id)
    const secrets = { apiKey, secretKey, userTokenSecret, proxyPassword, clientKeyPassphrase }
    // Secrets given for one run (variables) never include a proxy password (env-credentials.ts).
    return vault.givenForRun === undefined
      ? withProxyPassword(profile, secrets)
      : { ...secrets, proxyPassword: null }
  }
  const binding = secretBinding(profile)
  let { boundTo, ...secrets } = await vault.getAll(profile.id)
  boundTo = await heldBinding(vault, profile, boundTo)
  if (boundTo !== binding) {
    // What this process holds may be older than the keychain: another face may have set new
    // secrets for the profile's new route. Only the keychain's own answer decides a removal.
    vault.forget(profile.id)
    ;({ boundTo, ...secrets } = await vault.getAll(profile.id))
    boundTo = await heldBinding(vault, profile, boundTo)
  }
  if (boundTo === binding) return withProxyPassword(profile, secrets)
  if (boundTo === null) {
    if (Object.values(secrets).some((value) => value !== null))
      await vault.bind(profile.id, binding)
    return withProxyPassword(profile, secrets)
  }
  await vault.clearAll(profile.id)
  throw new AppError(
    'SECRET_MISSING',
    said('secretsForAnotherOrigin', { environment: profile.name }),
  )
}

function withProxyPassword(
  profile: EnvironmentProfile,
  secrets: EnvironmentSecrets,
): EnvironmentSecrets {
  const proxyPassword = openProxyPassword(proxyPasswordBinding(profile), secrets.proxyPassword)
  return { ...secrets, proxyPassword }
}

/** Which secrets are set and will be sent: those set for another route count as not. */
export async function boundSecretStatus(
  vault: Vault,
  profile: EnvironmentProfile,
): Promise<SecretStatus> {
  if (boundByConstruction(vault, profile)) return vault.status(profile.id)
  await freshBinding(vault, profile)
  const status = await vault.status(profile.id, secretBinding(profile))
  return { ...status, proxyPassword: await proxyPasswordSet(vault, profile, status) }
}

async function proxyPasswordSet(vault: Vault, profile: EnvironmentProfile, status: SecretStatus) {
  if (!status.proxyPassword) return false
  const stored = await vault.get(profile.id, 'proxyPassword')
  return openProxyPassword(proxyPasswordBinding(profile), stored) !== null
}

/** Sets a secret for the environment as it is now; secrets left from another route go first. */
export async function setBoundSecret(
  vault: Vault,
  profile: EnvironmentProfile,
  name: SecretName,
  value: string,
): Promise<void> {
  if (!boundByConstruction(vault, profile)) {
    const binding = secretBinding(profile)
    const boundTo = await freshBinding(vault, profile)
    if (boundTo !== binding) {
      if (boundTo !== null) await vault.clearAll(profile.id)
      await vault.bind(profile.id, binding)
    }
  }
  await vault.set(profile.id, name, name === 'proxyPassword' ? sealed(profile, value) : value)
}

function sealed(profile: EnvironmentProfile, password: string): string {
  const binding = proxyPasswordBinding(profile)
  if (binding === null)
    throw new AppError('VALIDATION', said('proxyPasswordNeedsUser', { environment: profile.name }))
  return sealProxyPassword(binding, password)
}

/**
 * Before a profile's route changes: secrets stored before bindings existed, or bound by an older
 * console to kind and origin alone, are pinned to the whole route they were set for, so that a
 * clean-up that fails after the change cannot let them follow the profile to its new route.
 */
export async function pinUnboundSecrets(vault: Vault, before: EnvironmentProfile): Promise<void> {
  if (boundByConstruction(vault, before)) return
  const held = await vault.boundTo(before.id)
  if (held === null || held === legacySecretBinding(before))
    await vault.bind(before.id, secretBinding(before))
}

/** The service's two credentials of an environment, or SECRET_MISSING naming those not set. */
export function credentialsOf(
  secrets: EnvironmentSecrets,
  environment: string,
): { apiKey: string; secretKey: string } {
  const { apiKey, secretKey } = secrets
  if (apiKey !== null && secretKey !== null) return { apiKey, secretKey }
  const missing =
    apiKey === null && secretKey === null
      ? 'credentialsMissing'
      : apiKey === null
        ? 'apiKeyMissing'
        : 'secretKeyMissing'
  throw new AppError('SECRET_MISSING', said(missing, { environment }))
}
