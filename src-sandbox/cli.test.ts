import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from 'jose'
import { afterAll, describe, expect, it } from 'vitest'
import { createUserTokenHasher } from '../src-shared/service'
import { spawnSandbox } from '../test/helpers/sandbox-process'
import { makeTempDir } from '../test/helpers/temp-dir'

const dir = makeTempDir('cli')
afterAll(() => dir.remove())

const credentials = {
  SANDBOX_API_KEY: 'cli-test-api-key',
  SANDBOX_SECRET_KEY: 'cli-test-secret-key',
  SANDBOX_USER_TOKEN_SECRET: 'cli-test-user-token-secret',
}
const headers = { apiKey: credentials.SANDBOX_API_KEY, secretKey: credentials.SANDBOX_SECRET_KEY }

describe('npm run sandbox', () => {
  it('prints its URL and generated credentials, and stops cleanly on SIGTERM', async () => {
    const sandbox = await spawnSandbox({ SANDBOX_PORT: '0', SANDBOX_DB: ':memory:' })
    expect(sandbox.output()).toMatch(/apiKey: +\S{20,}/)
    const apiKey = /apiKey: +(\S+)/.exec(sandbox.output())?.[1] ?? ''
    const secretKey = /secretKey: +(\S+)/.exec(sandbox.output())?.[1] ?? ''
    const answer = await fetch(`${sandbox.baseUrl}/api/v3/pendingCompanyUsers/x`, {
      headers: { apiKey, secretKey },
    })
    expect(answer.status).toBe(404)
    sandbox.child.kill('SIGTERM')
    expect(await sandbox.exited).toEqual({ code: 0, signal: null })
  })

  it('refuses bad settings, naming each variable', async () => {
    await expect(
      spawnSandbox({ SANDBOX_PORT: '70000', SANDBOX_USER_TOKEN_SCHEME: 'md5' }),
    ).rejects.toThrow(/SANDBOX_PORT.*at most 65535[\s\S]*SANDBOX_USER_TOKEN_SCHEME/)
  })

  it('says which variable to change when its port is taken, not EADDRINUSE', async () => {
    const first = await spawnSandbox({ ...credentials, SANDBOX_PORT: '0', SANDBOX_DB: ':memory:' })
    try {
      const port = new URL(first.baseUrl).port
      await expect(
        spawnSandbox({ ...credentials, SANDBOX_PORT: port, SANDBOX_DB: ':memory:' }),
      ).rejects.toThrow(
        `Port ${port} on 127.0.0.1 is in use by another program: set SANDBOX_PORT to a free port (or 0 for any free one).`,
      )
    } finally {
      first.child.kill('SIGTERM')
      await first.exited
    }
  })

  it('keeps an acknowledged write and its signing key across a kill -9', async () => {
    const env = { ...credentials, SANDBOX_PORT: '0', SANDBOX_DB: join(dir.path, 'kill.db') }
    const first = await spawnSandbox(env)
    const created = await fetch(`${first.baseUrl}/api/v3/pendingCompanyUsers`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ token: 'survivor', status: 2, firstname: 'Kept' }),
    })
    expect(created.status).toBe(201)
    const session = (await (
      await fetch(
        `${first.baseUrl}/2/authenticate?installationGuid=${randomUUID()}&userToken=${await hmacOf('survivor')}`,
        { headers },
      )
    ).json()) as { jwt: string }
    first.child.kill('SIGKILL')
    expect((await first.exited).signal).toBe('SIGKILL')

    const second = await spawnSandbox(env)
    try {
      const kept = await fetch(`${second.baseUrl}/api/v3/pendingCompanyUsers/survivor`, { headers })
      expect(await kept.json()).toMatchObject({ token: 'survivor', firstname: 'Kept' })
      const jwks = (await (
        await fetch(`${second.baseUrl}/.well-known/jwks.json`)
      ).json()) as JSONWebKeySet
      await expect(jwtVerify(session.jwt, createLocalJWKSet(jwks))).resolves.toBeTruthy()
    } finally {
      second.child.kill('SIGTERM')
      await second.exited
    }
  })
})

async function hmacOf(token: string): Promise<string> {
  return (await createUserTokenHasher('hmac-sha256-hex', credentials.SANDBOX_USER_TOKEN_SECRET))(
    token,
  )
}
