import { LOCAL_SANDBOX_ID, type EnvironmentProfile } from '../../../src-shared/environments'
import type { AppInfo, Face } from '../../../src-shared/ipc'
import { said } from '../../../src-shared/messages'
import { AppError } from '../errors/app-error'
import { boundSecrets, credentialsOf } from '../keychain/bound-secrets'
import type { ActivityLog } from '../activity/activity-log'
import type { EmbeddedSandbox } from '../sandbox/embedded-sandbox'
import { createGivenSecrets } from '../redaction/given-secrets'
import type { Environments } from '../settings/environments'
import { overridden, type NetworkOverride } from '../network/network-override'
import type { ExchangeOptions } from '../client/retried-call'
import { clientCache, heldUnchanged } from './client-cache'
import { buildEnvironmentClient, type EnvironmentClient } from './environment-client'
import type { SystemProxyOfUrl } from '../network/route'
import { sameFields } from './same-fields'
import type { KnownUsers } from '../known-users/known-users'
import { refuseUnusable } from '../settings/unusable-profile'
import type { Vault } from '../keychain/vault'
import type { ConfirmWrite } from '../client/write-confirmation'

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

/** What the core's context is made of: its stores and services, and the face's own hooks. */
export interface ContextParts {
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
}

export function createCoreContext(parts: ContextParts): CoreContext {
  const { vault, environments, sandbox } = parts
  const clientParts = { ...parts, given: createGivenSecrets() }
  const clients = clientCache()

  /** Reads an environment's secrets; builds its client, or reuses the one built for the same. */
  async function clientForProfile(stored: EnvironmentProfile): Promise<EnvironmentClient> {
    const profile = overridden(stored, parts.networkOverride)
    const cached = clients.get(profile.id)
    const sameProfile = cached !== undefined && sameFields(cached.profile, profile)
    // An unchanged profile passed already.
    if (!sameProfile) refuseUnusable(profile)
    // Bound to the route the environment has: --proxy and --ca-file are the command's own,
    // typed by its user for this call, and change where the keys go, not what they were set for.
    const secrets = await boundSecrets(vault, stored)
    const credentials = credentialsOf(secrets, profile.name)
    // Built once per environment and reused while its profile and secrets stay the same: the
    // redaction table and the userToken hasher (a key import) need not be remade per call.
    if (sameProfile && sameFields(cached.secrets, secrets)) return cached.built
    const { built, close } = await buildEnvironmentClient(clientParts, stored, profile, {
      ...secrets,
      ...credentials,
    })
    const sealedProxyPassword = vault.peek(profile.id, 'proxyPassword')
    clients.keep(profile.id, { profile, secrets, sealedProxyPassword, built, close })
    return built
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
    return heldUnchanged(cached, vault, profile.id) ? cached.built : undefined
  }

  /** The built-in sandbox's profile names its address, known once it has started. */
  async function startedSandboxProfile(): Promise<EnvironmentProfile> {
    await sandbox.ensureStarted()
    return environments.profile(LOCAL_SANDBOX_ID)
  }

  return {
    ...parts,

    keychainStatus: () => keychainStatus(sandbox, vault),

    refresh: clients.forget,
    dispose: clients.forgetAll,

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

/** Whether the keychain answers: asked of the built-in sandbox's secrets, which always exist. */
async function keychainStatus(
  sandbox: EmbeddedSandbox,
  vault: Vault,
): Promise<AppInfo['keychain']> {
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
}
