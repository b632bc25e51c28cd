import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../src-sandbox/server'
import { credentialVariables } from '../helpers/cli-process'
import { cliSession } from '../helpers/cli-session'
import { startForwardProxy, type ForwardProxy } from '../helpers/forward-proxy'
import { describeWithTestKeyring } from '../helpers/test-keyring'
import { testCertificate } from '../helpers/tls-certificate'

describeWithTestKeyring('integrator-console behind a company proxy (tinyproxy)', () => {
  const certificate = testCertificate()
  const trusted = { NODE_EXTRA_CA_CERTS: certificate.certPath }
  const login = { user: 'ana.support', password: 'proxy-pass-8153' }
  let running: { proxy: ForwardProxy; guarded: ForwardProxy; sandbox: RunningSandbox } | undefined
  const started = () => {
    if (!running) throw new Error('the proxy and the sandbox start in beforeAll')
    return running
  }
  const sessions: ReturnType<typeof cliSession>[] = []

  beforeAll(async () => {
    const proxy = await startForwardProxy()
    const guarded = await startForwardProxy({ basicAuth: login })
    const sandbox = await startSandbox({
      port: 0,
      databasePath: ':memory:',
      tls: { key: certificate.key, cert: certificate.cert },
    })
    running = { proxy, guarded, sandbox }
  })
  afterAll(async () => {
    for (const session of sessions) session.remove()
    await running?.sandbox.close()
    await running?.proxy.stop()
    await running?.guarded.stop()
  })

  async function sessionOn(variables: NodeJS.ProcessEnv, proxy: string[] = [], trust = true) {
    const { sandbox } = started()
    const session = cliSession('cli-proxy', { ...(trust ? trusted : {}), ...variables })
    sessions.push(session)
    const added = await session.cli([
      'env',
      'add',
      'Behind',
      '--base-url',
      sandbox.baseUrl,
      '--kind',
      'staging',
      ...proxy,
    ])
    expect(added.code, added.stderr).toBe(0)
    for (const [secret, value] of Object.entries(sandbox.credentials)) {
      const set = await session.cli(['env', 'set-secret', 'Behind', secret], { stdin: value })
      expect(set.code, set.stderr).toBe(0)
    }
    return session
  }

  it('env add --proxy URL: its calls go through that proxy, and env list says so', async () => {
    const { proxy, sandbox } = started()
    const session = await sessionOn({}, ['--proxy', proxy.url])
    expect((await session.cli(['env', 'list'])).stdout).toContain(`via ${proxy.url}`)
    const before = proxy.tunnels().length
    const read = await session.cli(['users', 'get', 'nobody', '--env', 'Behind'])
    expect(read.code, read.stderr).toBe(1)
    expect(proxy.tunnels().slice(before)).toEqual([new URL(sandbox.baseUrl).host])
    session.expectNoSecretShown(Object.values(sandbox.credentials))
  })

  it('system mode follows HTTPS_PROXY; a proxy URL with a password in it is refused, unshown', async () => {
    const { proxy, sandbox } = started()
    const session = await sessionOn({ HTTPS_PROXY: proxy.url, NO_PROXY: '' })
    const before = proxy.tunnels().length
    expect((await session.cli(['users', 'get', 'nobody', '--env', 'Behind'])).code).toBe(1)
    expect(proxy.tunnels().length).toBeGreaterThan(before)

    const password = 'proxy-pass-4711'
    const refused = await session.cli([
      'env',
      'add',
      'With password',
      '--base-url',
      sandbox.baseUrl,
      '--proxy',
      `http://ana:${password}@127.0.0.1:3128`,
    ])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain('proxy must not carry a user name or password')
    session.expectNoSecretShown([password])
  })

  // Steps of one or two commands each over one console, so each step's bound holds on a busy
  // machine: every command is a process of its own that opens the keychain.
  describe('a proxy that asks for a name gets the keychain’s password, bound to that proxy', () => {
    let session: ReturnType<typeof cliSession>

    it('is asked without a login while no password is set, and says so', async () => {
      const { guarded } = started()
      session = await sessionOn({}, ['--proxy', guarded.url, '--proxy-user', login.user])
      const unset = await session.cli(['users', 'get', 'nobody', '--env', 'Behind'])
      expect(unset.code).toBe(3)
      // tinyproxy refuses a request without a login with 401.
      expect(unset.stderr).toContain(`The proxy ${guarded.url} asks for a user name and password`)
    })

    it('names the proxy and its user in the list', async () => {
      const { guarded } = started()
      expect((await session.cli(['env', 'list'])).stdout).toContain(
        `via ${guarded.url} as ${login.user}`,
      )
    })

    it('tells a wrong password as the proxy’s refusal', async () => {
      const { guarded } = started()
      const wrong = await session.cli(['env', 'set-secret', 'Behind', 'proxyPassword'], {
        stdin: 'not-the-password-1',
      })
      expect(wrong.code, wrong.stderr).toBe(0)
      expect((await session.cli(['users', 'get', 'nobody', '--env', 'Behind'])).stderr).toContain(
        `The proxy ${guarded.url} refused the user name and password it was given`,
      )
    })

    it('opens the tunnel to the service with the right one', async () => {
      const { guarded, sandbox } = started()
      const set = await session.cli(['env', 'set-secret', 'Behind', 'proxyPassword'], {
        stdin: login.password,
      })
      expect(set.code, set.stderr).toBe(0)
      const before = guarded.tunnels().length
      const read = await session.cli(['users', 'get', 'nobody', '--env', 'Behind'])
      expect(read.code, read.stderr).toBe(1)
      expect(guarded.tunnels().slice(before)).toEqual([new URL(sandbox.baseUrl).host])
    })

    it('drops the password when the environment is pointed at another proxy', async () => {
      const { proxy, sandbox } = started()
      const moved = await session.cli(['env', 'edit', 'Behind', '--proxy', proxy.url])
      expect(moved.code, moved.stderr).toBe(0)
      expect(moved.stderr).toContain('were set for its old address, kind, proxy or trust')
      const json = JSON.parse((await session.cli(['env', 'list', '--format', 'json'])).stdout) as {
        environments: { name: string; secrets: { proxyPassword: boolean } }[]
      }
      expect(json.environments.find((e) => e.name === 'Behind')?.secrets.proxyPassword).toBe(false)
      session.expectNoSecretShown([...Object.values(sandbox.credentials), login.password])
    })
  })

  it('--credentials-from-env never hands a proxy password to the proxy a profile names', async () => {
    const { guarded, sandbox } = started()
    const session = await sessionOn({}, ['--proxy', guarded.url, '--proxy-user', login.user])
    const run = await session.cli(
      ['users', 'get', 'nobody', '--env', 'Behind', '--credentials-from-env'],
      {
        env: {
          ...session.env,
          ...credentialVariables(sandbox.credentials),
          INTEGRATOR_BASE_URL: sandbox.baseUrl,
          INTEGRATOR_PROXY_PASSWORD: login.password,
        },
      },
    )
    expect(run.code).toBe(3)
    expect(run.stderr).toContain(`The proxy ${guarded.url} asks for a user name and password`)
  })

  it('a proxy password needs a proxy user to belong to, and says so', async () => {
    const session = await sessionOn({})
    const refused = await session.cli(['env', 'set-secret', 'Behind', 'proxyPassword'], {
      stdin: login.password,
    })
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain('set the proxy of "Behind" to a proxy URL with its user name')
    session.expectNoSecretShown([login.password])
  })

  describe('--proxy and --ca-file change one command only', () => {
    let session: ReturnType<typeof cliSession>

    it('refuses a service this console does not trust, through the environment’s proxy', async () => {
      session = await sessionOn({}, ['--proxy', started().proxy.url], false)
      const untrusted = await session.cli(['users', 'get', 'nobody', '--env', 'Behind'])
      expect(untrusted.code).toBe(3)
      expect(untrusted.stderr).toContain('The secure connection to')
    })

    it('goes direct with that CA for one command, and the environment stays as it was', async () => {
      const { proxy, sandbox } = started()
      const before = proxy.tunnels().length
      const once = await session.cli([
        'users',
        'get',
        'nobody',
        '--env',
        'Behind',
        '--proxy',
        'none',
        '--ca-file',
        certificate.certPath,
      ])
      expect(once.code, once.stderr).toBe(1)
      expect(proxy.tunnels().length).toBe(before)
      const listed = await session.cli(['env', 'list'])
      expect(listed.stdout).toContain(`via ${proxy.url}`)
      expect(listed.stdout).not.toContain('trusts')
      expect(sandbox.baseUrl.startsWith('https:')).toBe(true)
    })
  })
})
