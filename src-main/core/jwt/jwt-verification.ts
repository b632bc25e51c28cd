import type { JSONWebKeySet } from 'jose'
import { decodeProtectedHeader } from 'jose/decode/protected_header'
import { said } from '../../../src-shared/messages'
import type { JwtVerification } from '../../../src-shared/service'
import { JWKS_PATH, type ServiceClient } from '../client/service-client'

type Failure = Extract<JwtVerification, { verified: false }>

type Jose = typeof import('jose')

/** What each of jose's refusals means to the person holding the token. */
function failureOf(error: unknown, { errors }: Jose): Pick<Failure, 'reason' | 'said'> | null {
  if (error instanceof errors.JWTExpired) return { reason: 'expired', said: said('jwtExpired') }
  if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'nbf')
    return { reason: 'not-yet-valid', said: said('jwtNotYetValid') }
  if (error instanceof errors.JWSSignatureVerificationFailed)
    return { reason: 'bad-signature', said: said('jwtBadSignature') }
  if (error instanceof errors.JWKSNoMatchingKey || error instanceof errors.JWKSMultipleMatchingKeys)
    return { reason: 'unknown-key', said: said('jwtUnknownKey') }
  if (error instanceof errors.JOSEError)
    return { reason: 'malformed', said: said('jwtUncheckable', { error: error.message }) }
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
      said: said('jwtMalformed'),
      kid: null,
      jwksUrl,
    }
  }
  const keys = await client.signingKeys()
  if (keys === null)
    return {
      verified: false,
      reason: 'no-keys',
      said: said('jwtNoKeys', { url: jwksUrl }),
      kid,
      jwksUrl,
    }
  // Verifying is the only use of jose's crypto: a command that issues a JWT does not load it.
  const jose = await import('jose')
  try {
    const { protectedHeader, payload } = await jose.jwtVerify(
      jwt,
      jose.createLocalJWKSet(keys as JSONWebKeySet),
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
    const failure = failureOf(error, jose)
    if (failure === null) throw error
    return { verified: false, ...failure, kid, jwksUrl }
  }
}
