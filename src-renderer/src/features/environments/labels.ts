import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { EnvironmentKind, ProxySetting, SecretName } from '@shared/environments'
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

export const SECRET_NAME_LABELS: Record<SecretName, MessageDescriptor> = {
  apiKey: msg`API key`,
  secretKey: msg`Secret key`,
  userTokenSecret: msg`userToken secret`,
  proxyPassword: msg`Proxy password`,
  clientKeyPassphrase: msg`Client key passphrase`,
}

export const USER_TOKEN_SCHEME_LABELS: Record<UserTokenScheme, MessageDescriptor> = {
  plain: msg`plain (identifier as is)`,
  'hmac-sha256-hex': msg`HMAC-SHA256, hex`,
}

export const PROXY_MODE_LABELS: Record<ProxySetting['mode'], MessageDescriptor> = {
  system: msg`As this computer is set up`,
  none: msg`None: straight to the service`,
  url: msg`This proxy`,
}

export const CONNECTION_OUTCOME_LABELS: Record<ConnectionTest['outcome'], MessageDescriptor> = {
  ok: msg`Connection OK`,
  unauthorized: msg`Credentials refused`,
  unreachable: msg`Unreachable`,
  error: msg`Service error`,
}
