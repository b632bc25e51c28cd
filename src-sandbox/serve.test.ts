import { describe, expect, it } from 'vitest'
import { serveFromEnv } from './serve'

const GIVEN = {
  SANDBOX_API_KEY: 'serve-api-key',
  SANDBOX_SECRET_KEY: 'serve-secret-key',
  SANDBOX_USER_TOKEN_SECRET: 'serve-user-token-secret',
}

/** What `npm run sandbox` and `integrator-console sandbox` print once listening. */
async function startMessage(env: NodeJS.ProcessEnv): Promise<string> {
  let said = ''
  const sandbox = await serveFromEnv(
    { SANDBOX_PORT: '0', SANDBOX_DB: ':memory:', ...env },
    (text) => (said += text),
  )
  await sandbox.close()
  return said
}

describe("the sandbox's start message", () => {
  it('says nothing of credentials changing when all three were given', async () => {
    const said = await startMessage(GIVEN)
    expect(said).toContain('userToken secret:  (from SANDBOX_USER_TOKEN_SECRET)')
    expect(said).not.toContain('change at every start')
    // Given ones are named by their variable, never printed.
    for (const value of Object.values(GIVEN)) expect(said).not.toContain(value)
  })

  it('says generated credentials change when one of them was generated', async () => {
    const said = await startMessage({ ...GIVEN, SANDBOX_USER_TOKEN_SECRET: undefined })
    expect(said).toContain('apiKey:            (from SANDBOX_API_KEY)')
    expect(said).toMatch(/userToken secret: {2}[\w-]{32}\n/)
    expect(said).toContain('Generated credentials change at every start')
  })
})
