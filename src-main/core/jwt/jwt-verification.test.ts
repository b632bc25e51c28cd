import { randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createUserTokenHasher } from '../../../src-shared/service'
import { startTestSandbox, type TestSandbox } from '../../../test/helpers/sandbox'
import { targetFor } from '../../../test/helpers/service-target'
import { createActivityLog } from '../activity/activity-log'
import { createExchange } from '../client/retried-call'
import { verifySessionJwt } from './jwt-verification'
import { createServiceClient } from '../client/service-client'

let sandbox: TestSandbox
let jwt: string

const clientOf = (baseUrl: string) =>
  createServiceClient(
    createExchange(targetFor({ ...sandbox, baseUrl }), createActivityLog(), { maxAttempts: 1 }),
  )
const verify = (token: string, now?: Date) =>
  verifySessionJwt(clientOf(sandbox.baseUrl), sandbox.baseUrl, token, now)

/** The token's header and claims, signed again by a key of the test's own. */
async function signedElsewhere(kid: string | undefined): Promise<string> {
  const { privateKey } = await generateKeyPair('ES256')
  return new SignJWT(decodeJwt(jwt))
    .setProtectedHeader({ alg: 'ES256', ...(kid === undefined ? {} : { kid }) })
    .sign(privateKey)
}

beforeAll(async () => {
  sandbox = await startTestSandbox()
  const token = `verify-${randomUUID()}`
  await sandbox.call('POST', '/api/v3/pendingCompanyUsers', { json: { token, status: 2 } })
  const hash = await createUserTokenHasher('hmac-sha256-hex', sandbox.credentials.userTokenSecret)
  const query = new URLSearchParams({
    installationGuid: randomUUID(),
    userToken: await hash(token),
  })
  const answer = await sandbox.call('GET', `/2/authenticate?${query.toString()}`)
  jwt = (answer.body as { jwt: string }).jwt
})
afterAll(() => sandbox.stop())

describe('a session JWT checked against the environment keys', () => {
  it('verifies the sandbox token and names its key', async () => {
    const result = await verify(jwt)
    expect(result).toMatchObject({
      verified: true,
      kid: decodeProtectedHeader(jwt).kid,
      algorithm: 'ES256',
      jwksUrl: `${sandbox.baseUrl}/.well-known/jwks.json`,
    })
    expect(result.verified && result.expiresAt).toBe(
      new Date((decodeJwt(jwt).exp ?? 0) * 1000).toISOString(),
    )
  })

  it('refuses a token whose payload was changed', async () => {
    const [header, payload, signature] = jwt.split('.') as [string, string, string]
    const claims = { ...JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')), sub: 'x' }
    const changed = [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature]
    expect(await verify(changed.join('.'))).toMatchObject({
      verified: false,
      reason: 'bad-signature',
    })
  })

  it('refuses the token once its exp has passed', async () => {
    const after = new Date(((decodeJwt(jwt).exp ?? 0) + 1) * 1000)
    expect(await verify(jwt, after)).toMatchObject({ verified: false, reason: 'expired' })
  })

  it('refuses a token signed by another key, with the same kid or another', async () => {
    const sameKid = await signedElsewhere(decodeProtectedHeader(jwt).kid)
    expect(await verify(sameKid)).toMatchObject({ verified: false, reason: 'bad-signature' })
    expect(await verify(await signedElsewhere(randomUUID()))).toMatchObject({
      verified: false,
      reason: 'unknown-key',
    })
  })

  it('says a text that is no JWT is malformed, without asking the service', async () => {
    expect(await verify('not-a-token')).toMatchObject({ verified: false, reason: 'malformed' })
  })

  it('says it cannot verify where the environment publishes no keys', async () => {
    const bare: Server = createServer((_request, response) => {
      response.writeHead(404).end()
    })
    await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve))
    const baseUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}`
    try {
      expect(await verifySessionJwt(clientOf(baseUrl), baseUrl, jwt)).toEqual({
        verified: false,
        reason: 'no-keys',
        said: {
          id: 'jwt.noKeys',
          values: { url: `${baseUrl}/.well-known/jwks.json` },
          text: `Cannot verify: no JWKS at ${baseUrl}/.well-known/jwks.json.`,
        },
        kid: decodeProtectedHeader(jwt).kid,
        jwksUrl: `${baseUrl}/.well-known/jwks.json`,
      })
    } finally {
      bare.closeAllConnections()
      bare.close()
    }
  })
})
