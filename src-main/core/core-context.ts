import {
  LOCAL_SANDBOX_ID,
  SECRET_LABELS,
  type EnvironmentProfile,
} from '../../src-shared/environments'
import { SECRET_PLACEHOLDERS } from '../../src-shared/activity'
import type { AppInfo, Face } from '../../src-shared/ipc'
import { AppError } from './app-error'
import type { ActivityLog } from './activity-log'
import type { EmbeddedSandbox } from './embedded-sandbox'
import type { Environments } from './environments'
import { createExchange, type ExchangeOptions } from './http-exchange'
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
      const secretValues = new Map<string, string>([
        [apiKey, SECRET_PLACEHOLDERS.apiKey],
        [secretKey, SECRET_PLACEHOLDERS.secretKey],
        ...(userTokenSecret === null
          ? []
          : [[userTokenSecret, SECRET_PLACEHOLDERS.userTokenSecret] as [string, string]]),
      ])
      const exchange = createExchange(
        {
          environmentId,
          environmentName: profile.name,
          baseUrl: profile.baseUrl,
          timeoutMs: profile.timeoutMs,
          apiKey,
          secretKey,
          secretValues,
        },
        activity,
        parts.exchangeOptions,
      )
      return { client: createServiceClient(exchange), profile, userTokenSecret }
    },
  }
}
