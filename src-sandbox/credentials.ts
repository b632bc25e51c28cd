import { createHash, timingSafeEqual } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import { problem } from './problem'
import type { SandboxCredentials } from './options'
import { formatMessage } from '../src-shared/messages/message-text'
import { SANDBOX_MESSAGES } from '../src-shared/messages/sandbox-messages'

// Both keys in one digest: a NUL cannot be in a header value, so no two pairs run together.
function digest(apiKey: string, secretKey: string): Buffer {
  return createHash('sha256').update(apiKey).update('\0').update(secretKey).digest()
}

// The expected pair's digest, made once per pair: every call is checked against it.
const expectedDigests = new WeakMap<SandboxCredentials, Buffer>()

/**
 * Compares digests of the pair, so neither the length nor the content of a key leaks through
 * timing, and each call pays one digest.
 */
export function checkCredentials(headers: IncomingHttpHeaders, expected: SandboxCredentials): void {
  const { apikey, secretkey } = headers
  if (typeof apikey === 'string' && typeof secretkey === 'string') {
    let wanted = expectedDigests.get(expected)
    if (wanted === undefined) {
      wanted = digest(expected.apiKey, expected.secretKey)
      expectedDigests.set(expected, wanted)
    }
    if (timingSafeEqual(digest(apikey, secretkey), wanted)) return
  }
  const missing = ['apiKey', 'secretKey'].filter(
    (name) => headers[name.toLowerCase()] === undefined,
  )
  const refused = problem(
    401,
    'unauthorized',
    'Unauthorized',
    missing.length > 0
      ? formatMessage(SANDBOX_MESSAGES.missingHeader, { headers: missing.join(', ') })
      : SANDBOX_MESSAGES.credentialsRefused.message,
  )
  // RFC 9110 §11.6.1: a 401 says how to authenticate. The service's credentials are two headers
  // of its own, which no registered scheme names; documented in docs/service-api.md.
  refused.headers['www-authenticate'] = WWW_AUTHENTICATE
  throw refused
}

const WWW_AUTHENTICATE = 'ApiKeyHeaders realm="sandbox", headers="apiKey secretKey"'
