import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { EnvironmentKind, ProxySetting, SecretName } from '@shared/environments'
import type { ConnectionTest, DiagnosisStep, DiagnosisStepName, TlsFinding } from '@shared/ipc'
import type { UserTokenScheme } from '@shared/service'
import type { ClientCertificateMode } from './tls-choice'

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
  // The service compares lowercase hex, which is what the console sends (docs/service-api.md).
  'hmac-sha256-hex': msg`HMAC-SHA256, lowercase hex`,
}

export const PROXY_MODE_LABELS: Record<ProxySetting['mode'], MessageDescriptor> = {
  system: msg`As this computer is set up`,
  none: msg`None: straight to the service`,
  url: msg`This proxy`,
}

export const CONNECTION_OUTCOME_LABELS: Record<ConnectionTest['outcome'], MessageDescriptor> = {
  ok: msg`Connection OK`,
  unauthorized: msg`Credentials refused`,
  credentialsNotSet: msg`Credentials not set`,
  unreachable: msg`Unreachable`,
  error: msg`Service error`,
}

export const CLIENT_CERTIFICATE_MODE_LABELS: Record<ClientCertificateMode, MessageDescriptor> = {
  none: msg({ message: 'None', context: 'client certificate' }),
  pem: msg`PEM certificate and key`,
  pkcs12: msg`PKCS#12 file`,
}

/** A connection test's steps, named for a person who has to say which one failed. */
export const DIAGNOSIS_STEP_LABELS: Record<DiagnosisStepName, MessageDescriptor> = {
  resolve: msg`Name lookup`,
  proxy: msg`Proxy`,
  connect: msg`Connection`,
  tls: msg`Secure connection (TLS)`,
  http: msg`Service answer (HTTP)`,
  credentials: msg`Credentials`,
}

// A context of its own: "Failed" alone reads otherwise elsewhere (a bulk row, a call).
export const STEP_OUTCOME_LABELS: Record<DiagnosisStep['outcome'], MessageDescriptor> = {
  passed: msg({ message: 'Passed', context: 'connection step' }),
  failed: msg({ message: 'Failed', context: 'connection step' }),
  skipped: msg({ message: 'Skipped', context: 'connection step' }),
}

export const TRUSTED_BY_LABELS: Record<TlsFinding['trustedBy'], MessageDescriptor> = {
  default: msg`this computer's and the console's list`,
  'default-and-ca-file': msg`this computer's and the console's list, and the CA file`,
  'ca-file-only': msg`the CA file only`,
}

/** The fields an import may change, as the environment's form names them. */
export const SHARED_FIELD_LABELS: Partial<Record<string, MessageDescriptor>> = {
  name: msg`Name`,
  baseUrl: msg`Base URL`,
  kind: msg`Kind`,
  userTokenScheme: msg`userToken scheme`,
  timeoutMs: msg`Timeout (ms)`,
  maxResponseKiB: msg`Largest answer (KiB)`,
  proxy: msg`Proxy`,
  trust: msg`Certificate authorities`,
}
