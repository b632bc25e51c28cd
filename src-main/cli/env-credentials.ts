import type { SecretName } from '../../src-shared/environments'
import { secretValueSchemaFor } from '../../src-shared/ipc'
import { said } from '../../src-shared/messages'
import { AppError, issueSaid } from '../core/errors/app-error'
import type { SecretBackend } from '../core/keychain/vault'

/**
 * Where `--credentials-from-env` reads each secret. Not the proxy's password: the proxy an
 * environment names is no proof of where the variables were meant to go (the page can edit it),
 * and a password must not follow it there. A run behind a proxy that asks for a login gives it
 * in HTTPS_PROXY, which names the proxy and its login together.
 */
export const CREDENTIAL_VARIABLES: Readonly<Partial<Record<SecretName, string>>> = {
  apiKey: 'INTEGRATOR_API_KEY',
  secretKey: 'INTEGRATOR_SECRET_KEY',
  userTokenSecret: 'INTEGRATOR_USER_TOKEN_SECRET',
  clientKeyPassphrase: 'INTEGRATOR_CLIENT_KEY_PASSPHRASE',
}

const variableOf = (account: string): string | undefined => {
  const name = account.slice(account.lastIndexOf('/') + 1)
  return Object.hasOwn(CREDENTIAL_VARIABLES, name)
    ? CREDENTIAL_VARIABLES[name as SecretName]
    : undefined
}

/** Where INTEGRATOR_BASE_URL says the variables go; null when it is not set. */
function givenOrigin(env: NodeJS.ProcessEnv): string | null {
  const named = env.INTEGRATOR_BASE_URL
  if (named === undefined || named === '') return null
  if (!URL.canParse(named) || !/^https?:$/.test(new URL(named).protocol))
    throw new AppError('VALIDATION', said('variablesBaseUrlInvalid', { url: named }))
  return new URL(named).origin
}

/**
 * Secrets from environment variables, for machines with no keychain (CI containers), for the one
 * environment named with --env and no other: variables exported for one service must never be
 * sent to whichever environment happens to be active. Nothing is stored: a write is refused.
 */
export function envCredentials(
  env: NodeJS.ProcessEnv,
  namedEnvironment: () => string | undefined,
): SecretBackend {
  const refuse = () => Promise.reject(new AppError('VALIDATION', said('variablesStoreNothing')))
  return {
    get: (account) => {
      const named = namedEnvironment()
      // Refused rather than answered "not set": a refusal is not remembered, so the named
      // environment's secrets are still read once --env has been resolved.
      if (named === undefined)
        return Promise.reject(new AppError('SECRET_MISSING', said('variablesNeedEnvironment')))
      if (!account.startsWith(`${named}/`)) return Promise.resolve(null)
      const variable = variableOf(account)
      const value = variable === undefined ? undefined : env[variable]
      if (variable === undefined || value === undefined || value === '')
        return Promise.resolve(null)
      // The rules of a secret set in the window: one too short could not be told apart from
      // ordinary text, so it could not be hidden where a service echoes it.
      const name = account.slice(account.lastIndexOf('/') + 1) as SecretName
      const checked = secretValueSchemaFor(name).safeParse(value)
      if (checked.success) return Promise.resolve(value)
      const problem = issueSaid(checked.error.issues[0]?.message ?? '')
      return Promise.reject(
        new AppError(
          'VALIDATION',
          said('invalidInputSummary', { field: variable, message: problem }),
          {
            fieldErrors: { [variable]: [problem] },
          },
        ),
      )
    },
    set: refuse,
    delete: refuse,
    givenForRun: { origin: givenOrigin(env) },
  }
}
