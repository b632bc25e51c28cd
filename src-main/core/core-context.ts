import {
  LOCAL_SANDBOX_ID,
  SECRET_LABELS,
  transportProblem,
  type EnvironmentProfile,
} from '../../src-shared/environments'
import type { AppInfo, Face } from '../../src-shared/ipc'
import { createUserTokenHasher } from '../../src-shared/service'
import { AppError } from './app-error'
import type { ActivityLog } from './activity-log'
import type { EmbeddedSandbox } from './embedded-sandbox'
import type { Environments } from './environments'
import { createExchange, type ExchangeOptions } from './http-exchange'
import { secretValuesOf } from './redact'
import { createServiceClient, type ServiceClient } from './service-client'
import type { Vault } from './vault'

export interface CoreContext {
  version: string
  face: Face
  vault: Vault
  environments: Environments
  sandbox: EmbeddedSandbox
  activity: ActivityLog
  activeId(): Promise<string>
  keychainStatus(): Promise<AppInfo['keychain']>
  clientFor(environmentId: string): Promise<{
    client: ServiceClient
    profile: EnvironmentProfile
    userTokenSecret: string | null
    /** The user's identifier as the environment's userToken scheme turns it into a userToken. */
    hashUserToken: (identifier: string) => Promise<string>
  }>
}

function sameValues(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i])
}

export function createCoreContext(parts: {
  version: string
  face: Face
  vault: Vault
  environments: Environments
  sandbox: EmbeddedSandbox
  activity: ActivityLog
  exchangeOptions?: ExchangeOptions
}): CoreContext {
  const { vault, environments, sandbox, activity } = parts
  const clients = new Map<
    string,
    { inputs: string[]; clientAndProfile: Awaited<ReturnType<CoreContext['clientFor']>> }
  >()
  return {
    ...parts,
    activeId: async () => (await environments.active()).id,

    async keychainStatus() {
      try {
        await vault.status(LOCAL_SANDBOX_ID)
        return { available: true, message: null }
      } catch (error) {
        return { available: false, message: error instanceof Error ? error.message : String(error) }
      }
    },

    async clientFor(environmentId) {
      if (environmentId === LOCAL_SANDBOX_ID) await sandbox.ensureStarted()
      const profile = await environments.profile(environmentId)
      // Checked before any secret is read: a profile stored before these rules existed is kept,
      // but nothing is sent to it until its URL is fixed.
      const problem = transportProblem(profile.kind, profile.baseUrl)
      if (problem !== null)
        throw new AppError(
          'VALIDATION',
          `"${profile.name}" cannot be used: ${problem}. Edit it in Environments.`,
          { fieldErrors: { baseUrl: [problem] } },
        )
      const [apiKey, secretKey, userTokenSecret] = await Promise.all([
        vault.get(environmentId, 'apiKey'),
        vault.get(environmentId, 'secretKey'),
        vault.get(environmentId, 'userTokenSecret'),
      ])
      if (apiKey === null || secretKey === null) {
        const missing = [
          apiKey === null ? SECRET_LABELS.apiKey : null,
          secretKey === null ? SECRET_LABELS.secretKey : null,
        ]
          .filter(Boolean)
          .join(' and ')
        throw new AppError(
          'SECRET_MISSING',
          `The ${missing} of "${profile.name}" is not set. Set it in Environments.`,
        )
      }
      // Built once per environment and reused while its profile and secrets stay the same: the
      // redaction table and the userToken hasher (a key import) need not be remade per call.
      const inputs = [
        ...Object.values(profile).map(String),
        apiKey,
        secretKey,
        userTokenSecret ?? '',
      ]
      const cached = clients.get(environmentId)
      if (cached && sameValues(cached.inputs, inputs)) return cached.clientAndProfile
      const exchange = createExchange(
        {
          environmentId,
          environmentName: profile.name,
          baseUrl: profile.baseUrl,
          timeoutMs: profile.timeoutMs,
          maxResponseBytes: profile.maxResponseKiB * 1024,
          apiKey,
          secretKey,
          secretValues: secretValuesOf(profile.baseUrl, { apiKey, secretKey, userTokenSecret }),
        },
        activity,
        parts.exchangeOptions,
      )
      let hasher: ReturnType<typeof createUserTokenHasher> | undefined
      const clientAndProfile = {
        client: createServiceClient(exchange),
        profile,
        userTokenSecret,
        hashUserToken: async (identifier: string) => {
          hasher ??= createUserTokenHasher(profile.userTokenScheme, userTokenSecret ?? '')
          return (await hasher)(identifier)
        },
      }
      clients.set(environmentId, { inputs, clientAndProfile })
      return clientAndProfile
    },
  }
}
