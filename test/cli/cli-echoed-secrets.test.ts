import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { runBuiltCli } from '../helpers/cli-process'
import { ECHO_FORM_ROUTES } from '../helpers/credential-echoes'
import { startHostileServer, type HostileServer } from '../helpers/hostile-server'
import { secretLeaks } from '../helpers/secret-leaks'
import { makeTempDir } from '../helpers/temp-dir'
import { describeWithTestKeyring, throwawayKeychainService } from '../helpers/test-keyring'

describeWithTestKeyring('integrator-console: credentials a service echoes back', () => {
  const data = makeTempDir('cli-echoes')
  // A quote and a backslash, which JSON escapes; a space, which a form writes as "+".
  const credentials = {
    apiKey: `cli"api\\${randomBytes(12).toString('hex')}`,
    secretKey: `cli\\secret "${randomBytes(12).toString('hex')}`,
  }
  const env = {
    ...process.env,
    INTEGRATOR_CONSOLE_USER_DATA: data.path,
    INTEGRATOR_CONSOLE_KEYCHAIN_SERVICE: throwawayKeychainService(),
  }
  let server: HostileServer

  beforeAll(async () => {
    server = await startHostileServer()
  })
  afterAll(async () => {
    await server.close()
    data.remove()
  })

  it.each(ECHO_FORM_ROUTES)('%s: stderr shows no form of either secret', async (route) => {
    const added = await runBuiltCli(
      ['env', 'add', route, '--base-url', server.baseUrlFor(route), '--kind', 'staging'],
      { env },
    )
    expect(added.code).toBe(0)
    for (const [name, value] of Object.entries(credentials))
      expect(
        (await runBuiltCli(['env', 'set-secret', route, name], { env, stdin: value })).code,
      ).toBe(0)
    const run = await runBuiltCli(['users', 'get', 'someone', '--env', route], { env })
    expect(run).toMatchObject({ code: 1, stdout: '' })
    expect(run.stderr).toContain('$API_KEY')
    expect(secretLeaks(run.stderr, Object.values(credentials))).toEqual([])
  })
})
