import {
  createLocalJWKSet,
  decodeProtectedHeader,
  errors,
  jwtVerify,
  type JSONWebKeySet,
} from 'jose'
import type { JwtVerification } from '../../src-shared/service'
import { JWKS_PATH, type ServiceClient } from './service-client'

type Failure = Extract<JwtVerification, { verified: false }>

/** What each of jose's refusals means to the person holding the token. */
function failureOf(error: unknown): Pick<Failure, 'reason' | 'message'> | null {
  if (error instanceof errors.JWTExpired)
    return { reason: 'expired', message: 'The token has expired (its exp claim is in the past).' }
  if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'nbf')
    return { reason: 'not-yet-valid', message: 'The token is not valid yet (its nbf claim).' }
  if (error instanceof errors.JWSSignatureVerificationFailed)
    return {
      reason: 'bad-signature',
      message:
        'The signature does not match: the token was changed, or signed by another key with the same id.',
    }
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys)
    return {
      reason: 'unknown-key',
      message:
        'None of the keys the service publishes signed this token (no key with its kid and algorithm).',
    }
  if (error instanceof errors.JOSEError)
    return { reason: 'malformed', message: `The token cannot be checked: ${error.message}.` }
  return null
}

/**
 * Checks a session's JWT against the keys the environment publishes at its JWKS address:
 * signature, key id and expiry (the same check for the window and `jwt verify`). The keys are
 * fetched by the environment's client, so the call shows in the activity log like any other.
 */
export async function verifySessionJwt(
  client: ServiceClient,
  baseUrl: string,
  jwt: string,
  now?: Date,
): Promise<JwtVerification> {
  const jwksUrl = `${baseUrl}${JWKS_PATH}`
  let kid: string | null
  try {
    kid = decodeProtectedHeader(jwt).kid ?? null
  } catch {
    return {
      verified: false,
      reason: 'malformed',
      message: 'This is not a JWT: three base64url parts, the first a JSON header.',
      kid: null,
      jwksUrl,
    }
  }
  const keys = await client.signingKeys()
  if (keys === null)
    return {
      verified: false,
      reason: 'no-keys',
      message: `Cannot verify: no JWKS at ${jwksUrl}.`,
      kid,
      jwksUrl,
    }
  try {
    const { protectedHeader, payload } = await jwtVerify(
      jwt,
      createLocalJWKSet(keys as JSONWebKeySet),
      now === undefined ? {} : { currentDate: now },
    )
    return {
      verified: true,
      kid: protectedHeader.kid ?? null,
      algorithm: protectedHeader.alg,
      expiresAt: payload.exp === undefined ? null : new Date(payload.exp * 1000).toISOString(),
      jwksUrl,
    }
  } catch (error) {
    const failure = failureOf(error)
    if (failure === null) throw error
    return { verified: false, ...failure, kid, jwksUrl }
  }
}
