import { createHmac, randomUUID } from 'node:crypto'
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify } from 'jose'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestSandbox, type TestSandbox } from '../test/helpers/sandbox'

const USERS = '/api/v3/pendingCompanyUsers'

interface SessionBody {
  jwt: string
  userHash: string
  sessionToken: string
}

function authenticatePath(userToken: string, installationGuid: string = randomUUID()): string {
  const query = new URLSearchParams({ installationGuid, userToken })
  return `/2/authenticate?${query.toString()}`
}

describe('Authenticate with the hmac-sha256-hex scheme', () => {
  let sandbox: TestSandbox
  const hmac = (token: string) =>
    createHmac('sha256', sandbox.credentials.userTokenSecret).update(token).digest('hex')

  beforeAll(async () => {
    sandbox = await startTestSandbox({ credentials: { userTokenSecret: 'test-user-token-secret' } })
    await sandbox.call('POST', USERS, {
      json: { token: 'premium', status: 2, has_video_call: 1 },
    })
    await sandbox.call('POST', USERS, { json: { token: 'blocked', status: 3 } })
  })
  afterAll(() => sandbox.stop())

  it('issues a session whose ES256 JWT verifies against the JWKS', async () => {
    const installationGuid = randomUUID()
    const answer = await sandbox.call('GET', authenticatePath(hmac('premium'), installationGuid))
    expect(answer.status).toBe(200)
    const session = answer.body as SessionBody
    expect(session.userHash).toMatch(/^[0-9a-f-]{36}$/)
    expect(session.sessionToken).toMatch(/^[0-9a-f-]{36}$/)

    const jwks = createRemoteJWKSet(new URL(`${sandbox.baseUrl}/.well-known/jwks.json`))
    const { payload, protectedHeader } = await jwtVerify(session.jwt, jwks, {
      algorithms: ['ES256'],
    })
    expect(protectedHeader.alg).toBe('ES256')
    expect(payload).toMatchObject({
      sub: session.userHash,
      sid: session.sessionToken,
      installationGuid,
      status: 2,
      features: { video_call: 1, video_call_1to1: 0 },
    })
    expect(payload.exp).toBeGreaterThan(payload.iat ?? Infinity)
  })

  it('keeps userHash per user and makes a new sessionToken per call', async () => {
    const first = (await sandbox.call('GET', authenticatePath(hmac('premium')))).body as SessionBody
    const second = (await sandbox.call('GET', authenticatePath(hmac('premium'))))
      .body as SessionBody
    expect(second.userHash).toBe(first.userHash)
    expect(second.sessionToken).not.toBe(first.sessionToken)
    expect(decodeProtectedHeader(second.jwt).kid).toBeTypeOf('string')
  })

  it('answers 403 to a No Access user', async () => {
    const answer = await sandbox.call('GET', authenticatePath(hmac('blocked')))
    expect(answer.status).toBe(403)
    expect(answer.body).toMatchObject({ detail: expect.stringContaining('No Access') })
  })

  it('does not accept the plain token under the hmac scheme', async () => {
    expect((await sandbox.call('GET', authenticatePath('premium'))).status).toBe(404)
  })

  it.each([
    ['not-a-guid', 'installationGuid must be a UUID'],
    ['', 'installationGuid must be a UUID'],
    ["' OR 1=1 --", 'installationGuid must be a UUID'],
  ])('answers 422 to installationGuid %j', async (guid, message) => {
    const answer = await sandbox.call('GET', authenticatePath(hmac('premium'), guid))
    expect(answer.status).toBe(422)
    expect(answer.body).toMatchObject({
      errors: [{ field: 'installationGuid', detail: expect.stringContaining(message) }],
    })
  })

  it('answers 422 naming both parameters when they are missing', async () => {
    const answer = await sandbox.call('GET', '/2/authenticate')
    const errors = (answer.body as { errors: { field: string; detail: string }[] }).errors
    expect(answer.status).toBe(422)
    expect(errors.map((e) => e.detail)).toEqual([
      'installationGuid is required',
      'userToken is required',
    ])
  })

  it('answers 422 to a parameter given twice', async () => {
    const path = `${authenticatePath(hmac('premium'))}&userToken=other`
    expect((await sandbox.call('GET', path)).status).toBe(422)
  })

  it('finds a user created after the first Authenticate built its lookup', async () => {
    expect((await sandbox.call('GET', authenticatePath(hmac('premium')))).status).toBe(200)
    await sandbox.call('POST', USERS, { json: { token: 'late-comer', status: 0 } })
    expect((await sandbox.call('GET', authenticatePath(hmac('late-comer')))).status).toBe(200)
  })

  it('answers 404 to a userToken that matches no user', async () => {
    const answer = await sandbox.call('GET', authenticatePath(hmac('nobody')))
    expect(answer.status).toBe(404)
    expect(JSON.stringify(answer.body)).not.toContain('uppercase')
  })

  it("says a user's digest sent in uppercase hex is in the wrong case", async () => {
    const answer = await sandbox.call('GET', authenticatePath(hmac('premium').toUpperCase()))
    expect(answer.status).toBe(404)
    expect(JSON.stringify(answer.body)).toContain('the service compares lowercase hex')
    const nobody = await sandbox.call('GET', authenticatePath(hmac('nobody').toUpperCase()))
    expect(JSON.stringify(nobody.body)).not.toContain('uppercase')
  })

  it('answers 401 without credentials', async () => {
    const response = await fetch(`${sandbox.baseUrl}${authenticatePath(hmac('premium'))}`)
    expect(response.status).toBe(401)
  })
})

describe('Authenticate with the plain scheme', () => {
  let sandbox: TestSandbox
  beforeAll(async () => {
    sandbox = await startTestSandbox({ userTokenScheme: 'plain' })
    await sandbox.call('POST', USERS, { json: { token: 'plain-user', status: 0 } })
  })
  afterAll(() => sandbox.stop())

  it('takes the identifier itself as userToken', async () => {
    const answer = await sandbox.call('GET', authenticatePath('plain-user'))
    expect(answer.status).toBe(200)
    const hashed = createHmac('sha256', sandbox.credentials.userTokenSecret)
      .update('plain-user')
      .digest('hex')
    expect((await sandbox.call('GET', authenticatePath(hashed))).status).toBe(404)
  })
})
