import * as z from 'zod'
import { ruleText } from '../messages/rule-messages'

export const USER_TOKEN_SCHEMES = ['hmac-sha256-hex', 'plain'] as const
export const userTokenSchemeSchema = z.enum(USER_TOKEN_SCHEMES, {
  error: ruleText('userTokenScheme', { choices: USER_TOKEN_SCHEMES.join(', ') }),
})
export type UserTokenScheme = z.output<typeof userTokenSchemeSchema>

export type UserTokenHasher = (identifier: string) => Promise<string>

const encoder = new TextEncoder()

function toHex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('')
}

/**
 * userToken = lowercase hex HMAC-SHA256 of the user's identifier keyed by the shared secret, or
 * the identifier itself for integrators whose contract says `plain`. Web Crypto keeps this module
 * free of Node so the main process and the sandbox share one implementation.
 */
export async function createUserTokenHasher(
  scheme: UserTokenScheme,
  secret: string,
): Promise<UserTokenHasher> {
  if (scheme === 'plain') return (identifier) => Promise.resolve(identifier)
  if (secret === '') throw new Error('the hmac-sha256-hex userToken scheme needs a secret')
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  return async (identifier) =>
    toHex(await crypto.subtle.sign('HMAC', key, encoder.encode(identifier)))
}
