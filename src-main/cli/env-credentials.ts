import type { SecretName } from '../../src-shared/environments'
import { AppError } from '../core/app-error'
import type { SecretBackend } from '../core/vault'

/** Where `--credentials-from-env` reads each secret. */
export const CREDENTIAL_VARIABLES: Readonly<Record<SecretName, string>> = {
  apiKey: 'INTEGRATOR_API_KEY',
  secretKey: 'INTEGRATOR_SECRET_KEY',
  userTokenSecret: 'INTEGRATOR_USER_TOKEN_SECRET',
}

const variableOf = (account: string): string | undefined => {
  const name = account.slice(account.lastIndexOf('/') + 1)
  return Object.hasOwn(CREDENTIAL_VARIABLES, name)
    ? CREDENTIAL_VARIABLES[name as SecretName]
    : undefined
}

/**
 * Secrets from environment variables, for machines with no keychain (CI containers): the same
 * three for whichever environment the command uses. Nothing is stored: a write is refused.
 */
export function envCredentials(env: NodeJS.ProcessEnv): SecretBackend {
  const refuse = () =>
    Promise.reject(
      new AppError(
        'VALIDATION',
        'With --credentials-from-env nothing is stored in the keychain: set the INTEGRATOR_* variables instead.',
      ),
    )
  return {
    get: (account) => {
      const variable = variableOf(account)
      const value = variable === undefined ? undefined : env[variable]
      return Promise.resolve(value === undefined || value === '' ? null : value)
    },
    set: refuse,
    delete: refuse,
  }
}
