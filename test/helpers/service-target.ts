import { SECRET_PLACEHOLDERS } from '../../src-shared/activity'
import type { ServiceTarget } from '../../src-main/core/client/send-once'
import type { TestSandbox } from './sandbox'

/** What a target needs of a server: the sandbox, or any stand-in with the same credentials. */
export type TargetServer = Pick<TestSandbox, 'baseUrl' | 'credentials'>

const DEFAULT_MAX_RESPONSE_BYTES = 4 * 1024 * 1024

export function targetFor(
  server: TargetServer,
  overrides: Partial<ServiceTarget> = {},
): ServiceTarget {
  const { apiKey, secretKey, userTokenSecret } = server.credentials
  return {
    environmentId: 'test-env',
    environmentName: 'Test sandbox',
    baseUrl: server.baseUrl,
    timeoutMs: 2000,
    maxResponseBytes: DEFAULT_MAX_RESPONSE_BYTES,
    apiKey,
    secretKey,
    secretValues: new Map([
      [apiKey, SECRET_PLACEHOLDERS.apiKey],
      [secretKey, SECRET_PLACEHOLDERS.secretKey],
      [userTokenSecret, SECRET_PLACEHOLDERS.userTokenSecret],
    ]),
    ...overrides,
  }
}
