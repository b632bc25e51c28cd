import { SECRET_PLACEHOLDERS } from '../../src-shared/activity'
import type { ServiceTarget } from '../../src-main/core/http-exchange'
import type { TestSandbox } from './sandbox'

export function targetFor(
  sandbox: TestSandbox,
  overrides: Partial<ServiceTarget> = {},
): ServiceTarget {
  const { apiKey, secretKey, userTokenSecret } = sandbox.credentials
  return {
    environmentId: 'test-env',
    environmentName: 'Test sandbox',
    baseUrl: sandbox.baseUrl,
    timeoutMs: 2000,
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
