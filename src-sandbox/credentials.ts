import { createHash, timingSafeEqual } from 'node:crypto'
import type { IncomingHttpHeaders } from 'node:http'
import { problem } from './problem'
import type { SandboxCredentials } from './options'
import { formatMessage } from '../src-shared/messages/message-text'
import { SANDBOX_MESSAGES } from '../src-shared/messages/sandbox-messages'

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest()
}

/** Compares digests so neither the length nor the content of a key leaks through timing. */
function sameSecret(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== 'string') return false
  return timingSafeEqual(digest(given), digest(expected))
}

export function checkCredentials(headers: IncomingHttpHeaders, expected: SandboxCredentials): void {
  const apiKeyOk = sameSecret(headers.apikey, expected.apiKey)
  const secretKeyOk = sameSecret(headers.secretkey, expected.secretKey)
  if (apiKeyOk && secretKeyOk) return
  const missing = ['apiKey', 'secretKey'].filter(
    (name) => headers[name.toLowerCase()] === undefined,
  )
  throw problem(
    401,
    'unauthorized',
    'Unauthorized',
    missing.length > 0
      ? formatMessage(SANDBOX_MESSAGES.missingHeader, { headers: missing.join(', ') })
      : SANDBOX_MESSAGES.credentialsRefused.message,
  )
}
