import { createHmac } from 'node:crypto'
import type { UserTokenScheme } from '../src-shared/service'

/** A token's userToken under the sandbox's scheme, computed where a user is written. */
export type UserTokenOf = (token: string) => string

/**
 * The sandbox's userToken of a token: the same value as the shared hasher (a test holds the two
 * together), computed synchronously by Node so that writing 20,000 users at a start costs
 * milliseconds, not one await each.
 */
export function userTokenOf(scheme: UserTokenScheme, secret: string): UserTokenOf {
  if (scheme === 'plain') return (token) => token
  if (secret === '') throw new Error('the hmac-sha256-hex userToken scheme needs a secret')
  return (token) => createHmac('sha256', secret).update(token).digest('hex')
}

/**
 * Which scheme and secret the stored userTokens were computed with, without the secret: a start
 * with another one computes them all again (the secret may change between runs).
 */
export function userTokenKeyId(scheme: UserTokenScheme, secret: string): string {
  if (scheme === 'plain') return 'plain'
  return `hmac-sha256-hex:${createHmac('sha256', secret).update('integrator-console sandbox userToken key').digest('hex')}`
}
