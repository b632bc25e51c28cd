import { randomUUID } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../src-sandbox/server'
import { credentialVariables, without } from '../helpers/cli-process'
import { cliSession } from '../helpers/cli-session'
import { startRecordingService } from '../helpers/recording-service'
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox'
import { makeTempDir } from '../helpers/temp-dir'
import { describeWithTestKeyring } from '../helpers/test-keyring'
import { testCertificate } from '../helpers/tls-certificate'

const USERS = '/api/v3/pendingCompanyUsers'

describeWithTestKeyring('integrator-console: environments, production and CI credentials', () => {
  const certificate = testCertificate()
  const session = cliSession('cli-environments', { NODE_EXTRA_CA_CERTS: certificate.certPath })
  const { cli, env } = session
  // A file to send sits outside the data folder, which no face reads a file from.
  const files = makeTempDir('cli-environments-files')
  let staging: TestSandbox
  let production: RunningSandbox

  beforeAll(async () => {
    staging = await startTestSandbox()
    production = await startSandbox({
      port: 0,
      databasePath: ':memory:',
      tls: { key: certificate.key, cert: certificate.cert },
    })
  })
  afterAll(async () => {
    // Secrets typed on stdin or given as variables appear in no command's output.
    session.expectNoSecretShown([
      ...Object.values(staging.credentials),
      ...Object.values(production.credentials),
    ])
    await staging.stop()
    await production.close()
    session.remove()
    files.remove()
  })

  it('adds an environment, keeps its secrets from stdin in the keychain, and lists it', async () => {
    const added = await cli(['env', 'add', 'Staging ES', '--base-url', staging.baseUrl])
    expect(added).toMatchObject({
      code: 0,
      stdout: `Added Staging ES [sandbox] ${staging.baseUrl}\n`,
    })
    for (const secret of ['apiKey', 'secretKey', 'userTokenSecret'] as const) {
      const stored = await cli(['env', 'set-secret', 'staging es', secret], {
        stdin: `${staging.credentials[secret]}\n`,
      })
      expect(stored).toMatchObject({ code: 0, stdout: `Stored ${secret} for Staging ES\n` })
    }
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
      proxyPassword: false,
      clientKeyPassphrase: false,
    })
  })

  it('tests an environment: ok, its credentials missing (4), unreachable (3)', async () => {
    expect(await cli(['env', 'test', 'Staging ES'])).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^ok: /),
    })
    expect((await cli(['env', 'add', 'Nowhere', '--base-url', 'http://127.0.0.1:9'])).code).toBe(0)
    // The network is tried first: nothing listens there, whatever the credentials.
    expect(await cli(['env', 'test', 'Nowhere'])).toMatchObject({ code: 3, stdout: '' })
    const keyless = staging.baseUrl.replace('127.0.0.1', 'localhost')
    expect((await cli(['env', 'add', 'Keyless', '--base-url', keyless])).code).toBe(0)
    expect(await cli(['env', 'test', 'Keyless'])).toMatchObject({ code: 4, stdout: '' })
    const unreachable = await cli(
      ['env', 'test', 'Nowhere', '--env', 'Nowhere', '--credentials-from-env'],
      {
        env: { ...env, ...credentialVariables(staging.credentials) },
      },
    )
    expect(unreachable).toMatchObject({ code: 3, stdout: '' })
    expect(unreachable.stderr).toMatch(
      /^error: unreachable: Nothing accepts connections at 127\.0\.0\.1:9 \(ECONNREFUSED\)/m,
    )
    const spanish = await cli(
      ['env', 'test', 'Nowhere', '--env', 'Nowhere', '--credentials-from-env'],
      { env: { ...env, ...credentialVariables(staging.credentials) }, locale: 'es_ES.UTF-8' },
    )
    expect(spanish.stderr).toMatch(
      /^error: unreachable: Nada acepta conexiones en 127\.0\.0\.1:9 \(ECONNREFUSED\)/m,
    )
  })

  it('refuses a name taken and an http URL off this machine, naming the field', async () => {
    expect(
      (await cli(['env', 'add', 'nowhere', '--base-url', 'http://127.0.0.1:9'])).stderr,
    ).toContain('already exists')
    const remote = await cli(['env', 'add', 'Elsewhere', '--base-url', 'http://example.com'])
    expect(remote.code).toBe(2)
    expect(remote.stderr).toMatch(/baseUrl: http:\/\/ is allowed only on this machine/)
  })

  it('uses an environment, or another for one command only, and removes one', async () => {
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
    expect((await cli(['env', 'remove', 'Nowhere'])).code).toBe(0)
    const listed = await cli(['env', 'list'])
    expect(listed.stdout).toContain('* Staging ES')
    expect(listed.stdout).not.toContain('Nowhere')
    expect(await cli(['env', 'use', 'Nowhere'])).toMatchObject({ code: 2 })
  })

  it('refuses production writes without --confirm NAME, says why, and sends them with it', async () => {
    const add = ['env', 'add', 'Prod', '--kind', 'production', '--base-url', production.baseUrl]
    expect((await cli(add)).code).toBe(0)
    const onProd = { env: { ...env, ...credentialVariables(production.credentials) } }
    const prod = ['--env', 'Prod', '--credentials-from-env']
    const token = `cli-${randomUUID()}`
    const user = JSON.stringify({ token, status: 2 })

    const refused = await cli(['users', 'create', '--json', '-', ...prod], {
      ...onProd,
      stdin: user,
    })
    expect(refused).toMatchObject({ code: 2, stdout: '' })
    expect(refused.stderr).toContain('--confirm')
    const wrongName = await cli(
      ['users', 'create', '--json', '-', ...prod, '--confirm', 'Staging'],
      {
        ...onProd,
        stdin: user,
      },
    )
    expect(wrongName.code).toBe(2)
    const rows = join(files.path, 'prod.csv')
    writeFileSync(rows, `token,status\n${token},2\n`)
    expect((await cli(['import', rows, ...prod], onProd)).code).toBe(2)
    expect((await cli(['users', 'get', token, ...prod], onProd)).code).toBe(1)

    const sent = await cli(['users', 'create', '--json', '-', ...prod, '--confirm', 'Prod'], {
      ...onProd,
      stdin: user,
    })
    expect(sent.code).toBe(0)
    // Reading needs no confirmation.
    expect(JSON.parse((await cli(['users', 'get', token, ...prod], onProd)).stdout)).toMatchObject({
      token,
    })
  })

  it('runs with --credentials-from-env where no D-Bus session exists, for the named environment only', async () => {
    // No session bus at all, and nowhere to find one: not even a desktop's default socket.
    const noBus = without(env, 'DBUS_SESSION_BUS_ADDRESS', 'DISPLAY', 'XDG_RUNTIME_DIR')
    const token = `cli-${randomUUID()}`
    await staging.call('POST', USERS, { json: { token, status: 0 } })
    const args = ['users', 'get', token, '--env', 'Staging ES']

    const noKeychain = await cli(args, { env: noBus })
    expect(noKeychain).toMatchObject({ code: 4, stdout: '' })
    expect(noKeychain.stderr).toContain('The keychain cannot be used')
    expect(noKeychain.stderr).toContain('--credentials-from-env')

    const withVariables = { ...noBus, ...credentialVariables(staging.credentials) }
    const fromEnv = await cli([...args, '--credentials-from-env'], { env: withVariables })
    expect(fromEnv.code).toBe(0)
    expect(JSON.parse(fromEnv.stdout)).toMatchObject({ token })

    // Without --env the variables go nowhere, not to whatever environment is active: the command
    // line is incomplete (2), not a credential missing (4).
    const unnamed = await cli(['users', 'get', token, '--credentials-from-env'], {
      env: withVariables,
    })
    expect(unnamed).toMatchObject({ code: 2, stdout: '' })
    expect(unnamed.stderr).toContain('--credentials-from-env needs --env NAME')

    const partial = without(withVariables, 'INTEGRATOR_SECRET_KEY')
    const missing = await cli([...args, '--credentials-from-env'], { env: partial })
    expect(missing.code).toBe(4)
    expect(missing.stderr).toContain('INTEGRATOR_SECRET_KEY')

    // A one-character secret is refused here as in the window: redaction could not hide it.
    const short = await cli([...args, '--credentials-from-env'], {
      env: { ...withVariables, INTEGRATOR_SECRET_KEY: 'x' },
    })
    expect(short).toMatchObject({ code: 2, stdout: '' })
    expect(short.stderr).toContain(
      'INTEGRATOR_SECRET_KEY: the secret must be at least 8 characters',
    )
  })

  it('updates a user by sending its whole state: the changes over what the service holds', async () => {
    const stored = {
      token: 'kept',
      status: 2,
      email: 'ana@example.com',
      nid_number: '12345678Z',
      firstname: 'Ana',
      lastname: 'García',
      gender: null,
      birthdate: '1990-05-17',
      mobile_phone: null,
      description: null,
      features: { video_call: 1, video_call_1to1: 0 },
      company_group_code: null,
    }
    const recorder = await startRecordingService(stored)
    try {
      expect((await cli(['env', 'add', 'Recorder', '--base-url', recorder.baseUrl])).code).toBe(0)
      const updated = await cli(
        ['users', 'update', 'kept', '--json', '-', '--env', 'Recorder', '--credentials-from-env'],
        { env: { ...env, ...credentialVariables(staging.credentials) }, stdin: '{"status":3}' },
      )
      expect(updated.code).toBe(0)
      expect(recorder.puts).toEqual([
        {
          status: 3,
          email: 'ana@example.com',
          nid_number: '12345678Z',
          firstname: 'Ana',
          lastname: 'García',
          birthdate: '1990-05-17',
          has_video_call: 1,
          has_video_call_1to1: 0,
        },
      ])
    } finally {
      await recorder.close()
    }
  })
})
