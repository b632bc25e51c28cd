import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { cliSession } from '../helpers/cli-session'
import { ECHO_FORM_ROUTES } from '../helpers/credential-echoes'
import { startHostileServer, type HostileServer } from '../helpers/hostile-server'
import { describeWithTestKeyring } from '../helpers/test-keyring'

describeWithTestKeyring('integrator-console: credentials a service echoes back', () => {
  const session = cliSession('cli-echoes')
  // A quote and a backslash, which JSON escapes; a space, which a form writes as "+".
  const credentials = {
    apiKey: `cli"api\\${randomBytes(12).toString('hex')}`,
    secretKey: `cli\\secret "${randomBytes(12).toString('hex')}`,
  }
  let server: HostileServer

  beforeAll(async () => {
    server = await startHostileServer()
  })
  afterAll(async () => {
    await server.close()
    session.remove()
  })

  it.each(ECHO_FORM_ROUTES)('%s: stderr shows no form of either secret', async (route) => {
    await session.addEnvironment(route, server.baseUrlFor(route), credentials, 'staging')
    const run = await session.cli(['users', 'get', 'someone', '--env', route])
    expect(run).toMatchObject({ code: 1, stdout: '' })
    expect(run.stderr).toContain('$API_KEY')
    session.expectNoSecretShown(Object.values(credentials))
  })
})
