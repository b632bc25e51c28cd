import { createHmac, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createRemoteJWKSet, jwtVerify } from 'jose'
import { afterAll, describe, expect, it } from 'vitest'
import { AUTHENTICATE_PATH, USERS_PATH } from '../../src-sandbox/paths'
import { startSandbox, type Sandbox } from './sandbox'

const folder = mkdtempSync(join(tmpdir(), 'ic-api-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

function retrieve(sandbox: Sandbox, token: string): Promise<Response> {
  return fetch(`${sandbox.url}${USERS_PATH}/${token}`, {
    headers: { apiKey: sandbox.credentials.apiKey, secretKey: sandbox.credentials.secretKey },
  })
}

describe('startSandbox from code', () => {
  it('listens on a port of its own and answers with the seed it was given', async () => {
    await using one = await startSandbox({ seed: [{ token: 'seeded-ana', status: 2 }] })
    await using two = await startSandbox()
    expect(new URL(one.url).port).not.toBe(new URL(two.url).port)
    expect((await retrieve(one, 'seeded-ana')).status).toBe(200)
    expect((await retrieve(two, 'seeded-ana')).status).toBe(404)
  })

  it('reset takes away what the tests made and puts the seed back', async () => {
    await using sandbox = await startSandbox({
      seed: [{ token: 'seeded-ana', status: 2 }],
      credentials: { apiKey: 'the-api-key', secretKey: 'the-secret-key' },
    })
    expect(sandbox.credentials).toMatchObject({
      apiKey: 'the-api-key',
      secretKey: 'the-secret-key',
    })
    const created = await fetch(`${sandbox.url}${USERS_PATH}`, {
      method: 'POST',
      headers: {
        apiKey: 'the-api-key',
        secretKey: 'the-secret-key',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ token: 'made-by-a-test', status: 0 }),
    })
    expect(created.status).toBe(201)
    expect(sandbox.exportUsers().map((user) => user.token)).toEqual([
      'seeded-ana',
      'made-by-a-test',
    ])
    expect(sandbox.reset()).toEqual({ users: 1 })
    expect((await retrieve(sandbox, 'made-by-a-test')).status).toBe(404)
    expect((await retrieve(sandbox, 'seeded-ana')).status).toBe(200)
  })

  it('reads a seed file, JSON or CSV, as the command line does', async () => {
    const csv = join(folder, 'users.csv')
    writeFileSync(csv, 'token;status;firstname\nfrom-csv;3;Begoña\n')
    await using sandbox = await startSandbox({ seed: csv })
    const answer = await retrieve(sandbox, 'from-csv')
    expect(await answer.json()).toMatchObject({ status: 3, firstname: 'Begoña' })
  })

  it('refuses a seed the service would refuse, naming the user and the field', async () => {
    await expect(
      startSandbox({
        seed: [
          { token: 'good', status: 0 },
          { token: 'bad', status: 0, nid_number: '00973305R' },
        ],
      }),
    ).rejects.toThrow(/^seed has invalid users:\n {2}user 2: nid_number: /)
  })

  it('lets the port go when closed, so nothing is left listening', async () => {
    const sandbox = await startSandbox()
    const port = Number(new URL(sandbox.url).port)
    await sandbox.close()
    const free = await new Promise<boolean>((answer) => {
      const probe = createServer()
        .once('error', () => answer(false))
        .listen(port, '127.0.0.1', () => probe.close(() => answer(true)))
    })
    expect(free).toBe(true)
  })

  it('issues session JWTs that its JWKS verifies, as an app under test would check them', async () => {
    await using sandbox = await startSandbox({ seed: [{ token: 'premium-ana', status: 2 }] })
    const { userTokenSecret, apiKey, secretKey } = sandbox.credentials
    const userToken = createHmac('sha256', userTokenSecret).update('premium-ana').digest('hex')
    const query = new URLSearchParams({ userToken, installationGuid: randomUUID() })
    const answer = await fetch(`${sandbox.url}${AUTHENTICATE_PATH}?${query.toString()}`, {
      headers: { apiKey, secretKey },
    })
    const { jwt } = (await answer.json()) as { jwt: string }
    const verified = await jwtVerify(jwt, createRemoteJWKSet(new URL(sandbox.jwksUrl)))
    expect(verified.protectedHeader.alg).toBe('ES256')
  })
})
