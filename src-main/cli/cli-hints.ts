import type { AppErrorShape, Channel } from '../../src-shared/ipc'
import type { Said } from '../../src-shared/messages'
import { cliSaid, type CliMessageKey } from '../../src-shared/messages/cli-messages'
import { CREDENTIAL_VARIABLES } from './env-credentials'
import { shellWord } from './shell-word'

/** What a failed call was: its channel, the token it was about, the environment it went to. */
export interface FailedCall {
  channel: Channel
  token: string | undefined
  /** Read only for a hint that names it: reading the list costs the keychain's answer. */
  environment: () => Promise<string>
  credentialsFromEnv: boolean
}

const VARIABLES = Object.values(CREDENTIAL_VARIABLES).join(', ')

/** The secrets each "not set" message names, as `env set-secret` calls them. */
const MISSING_SECRETS: Readonly<Record<string, string>> = {
  'core.apiKeyMissing': 'apiKey',
  'core.secretKeyMissing': 'secretKey',
  'core.credentialsMissing': 'apiKey',
  'core.userTokenSecretMissing': 'userTokenSecret',
}

/** The window's advice "in Environments" that an `env edit` option follows on the command line. */
const EDIT_HINTS: Readonly<Record<string, CliMessageKey>> = {
  'core.environmentUnusable': 'hintEditUrl',
  'network.clientKeyUnusable': 'hintClientCertificate',
  'http.clientCertificateRefused': 'hintClientCertificate',
  'http.clientCertificateWanted': 'hintClientCertificate',
  'network.proxyLoginUnsupported': 'hintProxy',
  'network.proxySchemeUnsupported': 'hintProxy',
  'network.systemProxyUnsupported': 'hintProxy',
  'environments.secretsForAnotherOrigin': 'hintSetBothKeys',
}

function conflictHint(error: AppErrorShape, call: FailedCall): Said {
  const token = call.token === undefined ? 'TOKEN' : shellWord(call.token)
  // A Create of a token the service holds is not a stale read: it wants an Update instead.
  if (call.channel === 'users:create') return cliSaid('hintUserExists', { token })
  if (error.conflict) return cliSaid('hintReviewConflict', { token })
  return cliSaid('hintReadAgain', { token })
}

async function secretHint(error: AppErrorShape, call: FailedCall): Promise<Said> {
  if (call.credentialsFromEnv) return cliSaid('hintVariables', { variables: VARIABLES })
  const secret = MISSING_SECRETS[error.said.id]
  const environment = shellWord(await call.environment())
  if (error.said.id === 'core.credentialsMissing')
    return cliSaid('hintSetBothKeys', { environment })
  return cliSaid('hintSetSecret', { environment, secret: secret ?? 'apiKey' })
}

/**
 * The next step after a failure, as the command to type: a hint of the window names its screens,
 * the command line's name the command that does the same. Null when the message says it all.
 */
export async function hintFor(error: AppErrorShape, call: FailedCall): Promise<Said | null> {
  const environment = async () => shellWord(await call.environment())
  switch (error.code) {
    case 'CONFLICT':
      return conflictHint(error, call)
    case 'CONFIRMATION_REQUIRED':
      return cliSaid('hintConfirm', { environment: await environment() })
    case 'SECRET_MISSING':
      return secretHint(error, call)
    case 'UNAUTHORIZED':
      return call.credentialsFromEnv
        ? cliSaid('hintVariables', { variables: VARIABLES })
        : cliSaid('hintCredentialsRefused', { environment: await environment() })
    case 'KEYCHAIN_UNAVAILABLE':
      return call.credentialsFromEnv ? null : cliSaid('hintNoKeychain', { variables: VARIABLES })
    default: {
      const hint = EDIT_HINTS[error.said.id]
      return hint ? cliSaid(hint, { environment: await environment() }) : null
    }
  }
}
