import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { SandboxCredentials } from '../../src-sandbox/options'
import { startSandbox } from '../../src-sandbox/server'
import { runBuiltCli, type CliRun } from '../helpers/cli-process'
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox'
import { makeTempDir } from '../helpers/temp-dir'
import { describeWithTestKeyring, throwawayKeychainService } from '../helpers/test-keyring'
import { testCertificate } from '../helpers/tls-certificate'

const USERS = '/api/v3/pendingCompanyUsers'

function without(source: NodeJS.ProcessEnv, ...names: string[]): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(source).filter(([name]) => !names.includes(name)))
}

describeWithTestKeyring('integrator-console: environments, production and CI credentials', () => {
  const data = makeTempDir('cli-environments')
  const certificate = testCertificate()
  const env = {
    ...process.env,
    INTEGRATOR_CONSOLE_USER_DATA: data.path,
    INTEGRATOR_CONSOLE_KEYCHAIN_SERVICE: throwawayKeychainService(),
    NODE_EXTRA_CA_CERTS: certificate.certPath,
  }
  let staging: TestSandbox
  let production: Awaited<ReturnType<typeof startSandbox>>
  const runs: CliRun[] = []
  async function cli(args: string[], options: { stdin?: string; env?: NodeJS.ProcessEnv } = {}) {
    const run = await runBuiltCli(args, {
      env: options.env ?? env,
      ...(options.stdin === undefined ? {} : { stdin: options.stdin }),
    })
    runs.push(run)
    return run
  }
  async function storeSecrets(name: string, credentials: SandboxCredentials) {
    for (const secret of ['apiKey', 'secretKey', 'userTokenSecret'] as const)
      expect(
        (await cli(['env', 'set-secret', name, secret], { stdin: `${credentials[secret]}\n` }))
          .code,
      ).toBe(0)
  }

  beforeAll(async () => {
    staging = await startTestSandbox()
    production = await startSandbox({
      port: 0,
      databasePath: ':memory:',
      tls: { key: certificate.key, cert: certificate.cert },
    })
  })
  afterAll(async () => {
    const secrets = [staging, production].flatMap(({ credentials }) => [
      credentials.apiKey,
      credentials.secretKey,
      credentials.userTokenSecret,
    ])
    for (const run of runs)
      for (const secret of secrets) expect(run.stdout + run.stderr).not.toContain(secret)
    await staging.stop()
    await production.close()
    data.remove()
  })

  it('adds an environment, keeps its secrets from stdin, lists, tests, uses and removes it', async () => {
    const added = await cli(['env', 'add', 'Staging ES', '--base-url', staging.baseUrl])
    expect(added).toMatchObject({
      code: 0,
      stdout: `Added Staging ES [sandbox] ${staging.baseUrl}\n`,
    })
    await storeSecrets('staging es', staging.credentials)

    const listed = await cli(['env', 'list'])
    expect(listed.stdout).toContain('* Local sandbox')
    expect(listed.stdout).toMatch(
      / {2}Staging ES {2}\[sandbox\] .* secrets set: apiKey, secretKey, userTokenSecret\n/,
    )
    const json = JSON.parse((await cli(['env', 'list', '--format', 'json'])).stdout) as {
      environments: { name: string; secrets: Record<string, boolean> }[]
    }
    expect(json.environments.find((e) => e.name === 'Staging ES')?.secrets).toEqual({
      apiKey: true,
      secretKey: true,
      userTokenSecret: true,
    })

    expect(await cli(['env', 'test', 'Staging ES'])).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^ok: /),
    })
    expect((await cli(['env', 'add', 'Nowhere', '--base-url', 'http://127.0.0.1:9'])).code).toBe(0)
    expect(await cli(['env', 'test', 'Nowhere'])).toMatchObject({ code: 4, stdout: '' })
    await storeSecrets('Nowhere', staging.credentials)
    expect(await cli(['env', 'test', 'Nowhere'])).toMatchObject({ code: 3, stdout: '' })
    expect(
      (await cli(['env', 'add', 'Nowhere', '--base-url', 'http://127.0.0.1:9'])).stderr,
    ).toContain('already exists')
    expect(
      (await cli(['env', 'add', 'Elsewhere', '--base-url', 'http://example.com'])).stderr,
    ).toMatch(/baseUrl: http:\/\/ is allowed only on this machine/)

    const token = `cli-${randomUUID()}`
    await staging.call('POST', USERS, { json: { token, status: 2, firstname: 'Ana' } })
    expect((await cli(['env', 'use', 'Staging ES'])).stdout).toBe(
      'Active environment: Staging ES\n',
    )
    expect(JSON.parse((await cli(['users', 'get', token])).stdout)).toMatchObject({
      firstname: 'Ana',
    })
    // --env uses another environment for one command; the stored active one stays.
    expect((await cli(['users', 'get', token, '--env', 'Local sandbox'])).code).toBe(1)
    expect((await cli(['env', 'list'])).stdout).toContain('* Staging ES')

    expect((await cli(['env', 'remove', 'Nowhere'])).code).toBe(0)
    expect((await cli(['env', 'list'])).stdout).not.toContain('Nowhere')
    expect(await cli(['env', 'use', 'Nowhere'])).toMatchObject({ code: 2 })
  })

  it('refuses a production write without --confirm NAME, says why, and sends it with', async () => {
    expect(
      (await cli(['env', 'add', 'Prod', '--kind', 'production', '--base-url', production.baseUrl]))
        .code,
    ).toBe(0)
    await storeSecrets('Prod', production.credentials)
    const token = `cli-${randomUUID()}`
    const user = JSON.stringify({ token, status: 2 })

    const refused = await cli(['users', 'create', '--json', '-', '--env', 'Prod'], { stdin: user })
    expect(refused).toMatchObject({ code: 2, stdout: '' })
    expect(refused.stderr).toContain('--confirm')
    const wrongName = await cli(
      ['users', 'create', '--json', '-', '--env', 'Prod', '--confirm', 'Staging'],
      {
        stdin: user,
      },
    )
    expect(wrongName.code).toBe(2)
    expect((await cli(['users', 'get', token, '--env', 'Prod'])).code).toBe(1)

    const sent = await cli(
      ['users', 'create', '--json', '-', '--env', 'Prod', '--confirm', 'Prod'],
      { stdin: user },
    )
    expect(sent.code).toBe(0)
    expect(JSON.parse(sent.stdout)).toMatchObject({ token })
    // Reading needs no confirmation.
    expect((await cli(['users', 'get', token, '--env', 'Prod'])).code).toBe(0)
  })

  it('runs with --credentials-from-env where no D-Bus session exists, and only then', async () => {
    const withoutBus = without(env, 'DBUS_SESSION_BUS_ADDRESS', 'DISPLAY')
    const token = `cli-${randomUUID()}`
    await staging.call('POST', USERS, { json: { token, status: 0 } })
    const args = ['users', 'get', token, '--env', 'Staging ES']

    const noKeychain = await cli(args, { env: withoutBus })
    expect(noKeychain).toMatchObject({ code: 4, stdout: '' })
    expect(noKeychain.stderr).toContain('--credentials-from-env')

    const variables = {
      INTEGRATOR_API_KEY: staging.credentials.apiKey,
      INTEGRATOR_SECRET_KEY: staging.credentials.secretKey,
      INTEGRATOR_USER_TOKEN_SECRET: staging.credentials.userTokenSecret,
    }
    const fromEnv = await cli([...args, '--credentials-from-env'], {
      env: { ...withoutBus, ...variables },
    })
    expect(fromEnv.code).toBe(0)
    expect(JSON.parse(fromEnv.stdout)).toMatchObject({ token })
    const issued = await cli(
      ['jwt', 'issue', token, '--env', 'Staging ES', '--credentials-from-env'],
      {
        env: { ...withoutBus, ...variables },
      },
    )
    expect(issued.code).toBe(0)

    const partial = without({ ...withoutBus, ...variables }, 'INTEGRATOR_SECRET_KEY')
    const missing = await cli([...args, '--credentials-from-env'], { env: partial })
    expect(missing.code).toBe(4)
    expect(missing.stderr).toContain('INTEGRATOR_SECRET_KEY')
  })
})
