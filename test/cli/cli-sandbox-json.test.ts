import { spawn } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { CLI_PATH } from '../helpers/cli-process'
import { watchChild } from '../helpers/watched-child'

const credentials = {
  SANDBOX_API_KEY: 'json-sandbox-api-key',
  SANDBOX_SECRET_KEY: 'json-sandbox-secret-key',
  SANDBOX_USER_TOKEN_SECRET: 'json-sandbox-user-token-secret',
}

describe('integrator-console sandbox --json', () => {
  it('says one JSON line once it listens, with no secret, and nothing more when stopped', async () => {
    const sandbox = watchChild(
      spawn(process.execPath, [CLI_PATH, 'sandbox', '--json'], {
        env: { ...process.env, ...credentials, SANDBOX_PORT: '0', SANDBOX_DB: ':memory:' },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    )
    const line = await new Promise<string>((ready, failed) => {
      sandbox.child.stdout.on('data', () => {
        if (sandbox.stdout().includes('\n')) ready(sandbox.stdout())
      })
      void sandbox.exited.then(() => failed(new Error(`exited early:\n${sandbox.output()}`)))
    })
    const said = JSON.parse(line) as { ready: boolean; url: string; jwksUrl: string }
    expect(said).toEqual({
      ready: true,
      url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
      jwksUrl: `${said.url}/.well-known/jwks.json`,
      seededUsers: 0,
    })
    expect((await fetch(said.jwksUrl)).status).toBe(200)
    sandbox.child.kill('SIGTERM')
    expect(await sandbox.exited).toEqual({ code: 0, signal: null })
    expect(sandbox.stdout()).toBe(line)
    for (const secret of Object.values(credentials)) expect(sandbox.output()).not.toContain(secret)
  })
})
