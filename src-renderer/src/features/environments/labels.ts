import { msg } from '@lingui/core/macro'
import type { I18n, MessageDescriptor } from '@lingui/core'
import { LOCAL_SANDBOX_ID, type EnvironmentKind, type SecretName } from '@shared/environments'
import type { ConnectionTest } from '@shared/ipc'
import type { UserTokenScheme } from '@shared/service'

/**
 * The page's words for the shared values (environment kinds, secret names, schemes, outcomes),
 * in the page's language.
 */
export const ENVIRONMENT_KIND_LABELS: Record<EnvironmentKind, MessageDescriptor> = {
  sandbox: msg`sandbox`,
  staging: msg`staging`,
  production: msg`production`,
}

const LOCAL_SANDBOX_NAME = msg`Local sandbox`

/** The built-in environment is named in the console's words; every other name is the user's. */
export function environmentName(
  environment: { builtIn: boolean; name: string },
  i18n: I18n,
): string {
  return environment.builtIn ? i18n._(LOCAL_SANDBOX_NAME) : environment.name
}

/** The environment a record names (an activity entry, a bulk run), worded as above. */
export function recordEnvironment(
  record: { environmentId: string; environmentName: string },
  i18n: I18n,
): { name: string; translate: 'no' | undefined } {
  const builtIn = record.environmentId === LOCAL_SANDBOX_ID
  return {
    name: environmentName({ builtIn, name: record.environmentName }, i18n),
    // A user's name is data: a page translator must leave it alone.
    translate: builtIn ? undefined : 'no',
  }
}

export const SECRET_NAME_LABELS: Record<SecretName, MessageDescriptor> = {
  apiKey: msg`API key`,
  secretKey: msg`Secret key`,
  userTokenSecret: msg`userToken secret`,
}

export const USER_TOKEN_SCHEME_LABELS: Record<UserTokenScheme, MessageDescriptor> = {
  plain: msg`plain (identifier as is)`,
  'hmac-sha256-hex': msg`HMAC-SHA256, hex`,
}

export const CONNECTION_OUTCOME_LABELS: Record<ConnectionTest['outcome'], MessageDescriptor> = {
  ok: msg`Connection OK`,
  unauthorized: msg`Credentials refused`,
  unreachable: msg`Unreachable`,
  error: msg`Service error`,
}
