import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

/**
 * The fields of an environment (src-shared/environments), as its form labels them: the shared
 * rules name them by their API names ("baseUrl"), which a person never sees on the form.
 * `path` is a file typed in the browser shell, the only path a page ever sends.
 */
export const ENVIRONMENT_FIELD_MESSAGES: Readonly<Record<string, MessageDescriptor>> = {
  name: msg`Name`,
  baseUrl: msg`Base URL`,
  kind: msg`Kind`,
  timeoutMs: msg`Timeout (ms)`,
  maxResponseKiB: msg`Largest answer (KiB)`,
  proxy: msg`Proxy`,
  proxyUsername: msg`Proxy user name`,
  caOnly: msg`Trust only this CA file`,
  clientCertificate: msg`Client certificate`,
  path: msg`File path`,
}
