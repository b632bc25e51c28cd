import { createHmac, randomUUID } from 'node:crypto'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { CLI_PATH, without, type CliRun } from '../helpers/cli-process'
import { cliSession } from '../helpers/cli-session'
import { spawnSandbox } from '../helpers/sandbox-process'
import { requestsTo } from '../helpers/requests-to'
import { startTestSandbox, type TestSandbox } from '../helpers/sandbox'
import { describeWithTestKeyring } from '../helpers/test-keyring'

const USERS = '/api/v3/pendingCompanyUsers'

/** The Local sandbox's address, as `env list` prints it. */
const localAddress = (listed: CliRun) =>
  /Local sandbox {2}\[sandbox\] {2}(\S+)/.exec(listed.stdout)?.[1]

describeWithTestKeyring(
  'integrator-console: does what its help says, and says what to type next',
  () => {
    const session = cliSession('cli-next-step')
    const { cli, env } = session
    // Spanish as a person sets it: LANG alone, no LC_ALL over it.
    const spanish = { env: { ...env, LANG: 'es_ES.UTF-8' }, locale: '' }
    let service: TestSandbox

    beforeAll(async () => {
      service = await startTestSandbox()
      // An environment whose secrets nobody has set yet.
      expect((await cli(['env', 'add', 'Bare', '--base-url', service.baseUrl])).code).toBe(0)
    })
    afterAll(async () => {
      session.expectNoSecretShown([
        ...Object.values(service.credentials),
        ...(await session.takeLocalSandboxSecrets()),
      ])
      await service.stop()
      session.remove()
    })

    it('B1: users update takes only the fields to change, and keeps every other field', async () => {
      const token = `cli-${randomUUID()}`
      const user = { token, status: 2, firstname: 'Ana', email: 'ana@example.com' }
      expect(
        (await cli(['users', 'create', '--json', '-'], { stdin: JSON.stringify(user) })).code,
      ).toBe(0)

      const updated = await cli(['users', 'update', token, '--json', '-'], {
        stdin: '{"lastname":"Mine"}',
      })
      expect(updated).toMatchObject({ code: 0, stderr: '' })
      const stored = JSON.parse((await cli(['users', 'get', token])).stdout) as object
      expect(stored).toMatchObject({ ...user, lastname: 'Mine' })
    })

    it('B2: jwt verify needs no secret of the environment, nor a keychain', async () => {
      const token = `cli-${randomUUID()}`
      await service.call('POST', USERS, { json: { token, status: 2 } })
      const userToken = createHmac('sha256', service.credentials.userTokenSecret)
        .update(token)
        .digest('hex')
      const authenticated = await service.call(
        'GET',
        `/2/authenticate?installationGuid=${randomUUID()}&userToken=${userToken}`,
      )
      const { jwt } = authenticated.body as { jwt: string }

      // An environment whose secrets are set, so a verify that read them would have them to send.
      const { apiKey, secretKey } = service.credentials
      await session.addEnvironment('Keyed', service.baseUrl, { apiKey, secretKey })
      const jwksRequests = requestsTo(service, '/.well-known/jwks.json')
      // No session bus: any read of the keychain would fail the command.
      const noBus = without(env, 'DBUS_SESSION_BUS_ADDRESS', 'DISPLAY', 'XDG_RUNTIME_DIR')
      try {
        for (const environment of ['Bare', 'Keyed']) {
          const verified = await cli(['jwt', 'verify', jwt, '--env', environment], { env: noBus })
          expect(verified.code, verified.stderr).toBe(0)
          expect(verified.stdout).toMatch(/^verified with key \S+ \(ES256\)/)
        }
      } finally {
        jwksRequests.stop()
      }
      expect(jwksRequests.headers.length).toBeGreaterThanOrEqual(2)
      for (const headers of jwksRequests.headers) {
        expect(headers).not.toHaveProperty('apikey')
        expect(headers).not.toHaveProperty('secretkey')
        const sent = JSON.stringify(headers)
        expect(sent.includes(apiKey) || sent.includes(secretKey)).toBe(false)
      }
    })

    it('B3: with LANG=es_ES.UTF-8, its errors, hints and the summary of a CSV come in Spanish', async () => {
      const token = `cli-${randomUUID()}`
      const user = JSON.stringify({ token, status: 0 })
      await cli(['users', 'create', '--json', '-'], { stdin: user })
      const taken = await cli(['users', 'create', '--json', '-'], { ...spanish, stdin: user })
      expect(taken.code).toBe(1)
      expect(taken.stderr).toContain('Ya existe un usuario con este token')
      expect(taken.stderr).toContain(`actualízalo: integrator-console users update ${token}`)

      const notJson = await cli(['users', 'update', token, '--json', '-'], {
        ...spanish,
        stdin: '{nope',
      })
      expect(notJson).toMatchObject({ code: 2 })
      expect(notJson.stderr).toContain('La entrada no es un JSON válido (el JSON del usuario:')

      const noSecrets = await cli(['users', 'get', token, '--env', 'Bare'], spanish)
      expect(noSecrets.code).toBe(4)
      expect(noSecrets.stderr).toContain(
        'Configúralas: integrator-console env set-secret Bare apiKey',
      )

      const csv = join(session.workDirectory, 'gente.csv')
      writeFileSync(csv, 'token,status\r\nuno,2\r\ndos,9\r\n,2\r\n')
      const plan = await cli(['import', csv, '--dry-run'], spanish)
      expect(plan.stderr).toContain('Filas: 3; válidas: 1; no válidas: 2')
      for (const english of ['rows:', 'valid,', 'error: The', 'Set them', 'To change'])
        expect(taken.stderr + notJson.stderr + noSecrets.stderr + plan.stderr).not.toContain(
          english,
        )
    })

    it('B4a: a Create of a token that exists is told to update it; a stale Update to review it', async () => {
      const token = `cli-${randomUUID()}`
      const user = JSON.stringify({ token, status: 2, firstname: 'Eva' })
      await cli(['users', 'create', '--json', '-'], { stdin: user })
      const taken = await cli(['users', 'create', '--json', '-'], { stdin: user })
      expect(taken.code).toBe(1)
      expect(taken.stderr).toContain(`integrator-console users update ${token} --json FILE`)
      expect(taken.stderr).toContain('--mode createOrUpdate')
      expect(taken.stderr).not.toContain('update again')

      const base = join(session.workDirectory, `${token}.json`)
      writeFileSync(base, (await cli(['users', 'get', token])).stdout)
      await cli(['users', 'update', token, '--json', '-'], { stdin: '{"firstname":"Rosa"}' })
      const stale = await cli(['users', 'update', token, '--base', base, '--json', '-'], {
        stdin: '{"lastname":"Gil"}',
      })
      expect(stale.code).toBe(1)
      expect(stale.stderr).toContain('firstname: "Eva" when read, "Rosa" on the service now')
      expect(stale.stderr).toContain(
        `Review the fields above, read the user again (integrator-console users get ${token})`,
      )
    })

    it('B4b: a secret not set is told with the command that sets it', async () => {
      const missing = await cli(['users', 'get', 'anyone', '--env', 'Bare'])
      expect(missing.code).toBe(4)
      expect(missing.stderr).toContain('integrator-console env set-secret Bare apiKey')
      expect(missing.stderr).toContain('integrator-console env set-secret Bare secretKey')
    })

    it('B4c: jwt decode words a token that is no JWT as jwt verify does', async () => {
      const decoded = await cli(['jwt', 'decode', 'not.a.jwt'])
      expect(decoded).toMatchObject({
        code: 2,
        stderr: 'error: This is not a JWT: three base64url parts, the first a JSON header.\n',
      })
      const spanishDecoded = await cli(['jwt', 'decode', 'not.a.jwt'], spanish)
      expect(spanishDecoded.stderr).toContain('Esto no es un JWT: tres partes en base64url')
    })

    it('B4d: the Local sandbox keeps its address from one command to the next, and says it lives only while one runs', async () => {
      const first = await cli(['env', 'list'])
      const second = await cli(['env', 'list'])
      expect(localAddress(first)).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      expect(localAddress(second)).toBe(localAddress(first))
      expect(first.stderr).toContain(
        `The Local sandbox runs inside each command, only while it runs: its address (${localAddress(first)})`,
      )
      expect(first.stderr).toContain('run integrator-console sandbox in another terminal')
    })

    it('B4e: the sandbox command says its credentials change at each start only when they do', async () => {
      const credentials = {
        SANDBOX_API_KEY: 'next-step-api-key',
        SANDBOX_SECRET_KEY: 'next-step-secret-key',
        SANDBOX_USER_TOKEN_SECRET: 'next-step-user-token-secret',
      }
      const sandbox = await spawnSandbox(
        { ...credentials, SANDBOX_PORT: '0', SANDBOX_DB: ':memory:' },
        [CLI_PATH, 'sandbox'],
      )
      expect(sandbox.output()).toContain('apiKey:            (from SANDBOX_API_KEY)')
      expect(sandbox.output()).not.toContain('change at every start')
      sandbox.child.kill('SIGTERM')
      await sandbox.exited
    })
  },
)
