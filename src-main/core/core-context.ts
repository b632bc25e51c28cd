import {
  LOCAL_SANDBOX_ID,
  SECRET_LABELS,
  transportProblem,
  type EnvironmentProfile,
} from '../../src-shared/environments'
import type { AppInfo, Face } from '../../src-shared/ipc'
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
  }>
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
      return { client: createServiceClient(exchange), profile, userTokenSecret }
    },
  }
}
