import { randomUUID } from 'node:crypto'
import { exportJWK, generateKeyPair, importJWK, type JWK, type SignJWT } from 'jose'
import * as z from 'zod'
import type { SandboxDatabase } from './database'

export const JWT_ALGORITHM = 'ES256'

type PrivateKey = Parameters<SignJWT['sign']>[0]

export interface SigningKey {
  kid: string
  privateKey: PrivateKey
  publicJwk: JWK
}

const storedKeySchema = z.object({ kid: z.string(), private_jwk: z.string() })

function publicPart(jwk: JWK, kid: string): JWK {
  const { kty, crv, x, y } = jwk
  return { kty, crv, x, y, kid, alg: JWT_ALGORITHM, use: 'sig' }
}

/** A public key no token of this sandbox is signed with, as a service shows after rotating. */
export async function rotatedPublicKey(): Promise<JWK> {
  const { publicKey } = await generateKeyPair(JWT_ALGORITHM, { extractable: true })
  return publicPart(await exportJWK(publicKey), randomUUID())
}

/** The key pair is made on first start and kept with the database: tokens verify after restarts. */
export async function loadOrCreateSigningKey(db: SandboxDatabase): Promise<SigningKey> {
  const row = db
    .prepare('SELECT kid, private_jwk FROM signing_keys ORDER BY created_at LIMIT 1')
    .get()
  if (row !== undefined) {
    const stored = storedKeySchema.parse(row)
    const jwk = JSON.parse(stored.private_jwk) as JWK
    const privateKey = await importJWK(jwk, JWT_ALGORITHM)
    if (privateKey instanceof Uint8Array) throw new Error('the stored signing key is not an EC key')
    return { kid: stored.kid, privateKey, publicJwk: publicPart(jwk, stored.kid) }
  }
  const { privateKey } = await generateKeyPair(JWT_ALGORITHM, { extractable: true })
  const jwk = await exportJWK(privateKey)
  const kid = randomUUID()
  db.prepare('INSERT INTO signing_keys (kid, private_jwk, created_at) VALUES (?, ?, ?)').run(
    kid,
    JSON.stringify(jwk),
    new Date().toISOString(),
  )
  return { kid, privateKey, publicJwk: publicPart(jwk, kid) }
}
