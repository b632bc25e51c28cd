import { afterAll, beforeAll, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../src-sandbox/server'
import { cliSession } from '../helpers/cli-session'
import { startForwardProxy, type ForwardProxy } from '../helpers/forward-proxy'
import { describeWithTestKeyring } from '../helpers/test-keyring'
import { testCertificate } from '../helpers/tls-certificate'

describeWithTestKeyring('integrator-console behind a company proxy (tinyproxy)', () => {
  const certificate = testCertificate()
  const trusted = { NODE_EXTRA_CA_CERTS: certificate.certPath }
  let running: { proxy: ForwardProxy; sandbox: RunningSandbox } | undefined
  const started = () => {
    if (!running) throw new Error('the proxy and the sandbox start in beforeAll')
    return running
  }
  const sessions: ReturnType<typeof cliSession>[] = []

  beforeAll(async () => {
    const proxy = await startForwardProxy()
    const sandbox = await startSandbox({
      port: 0,
      databasePath: ':memory:',
      tls: { key: certificate.key, cert: certificate.cert },
    })
    running = { proxy, sandbox }
  })
  afterAll(async () => {
    for (const session of sessions) session.remove()
    await running?.sandbox.close()
    await running?.proxy.stop()
  })

  async function sessionOn(variables: NodeJS.ProcessEnv, ...proxy: string[]) {
    const { sandbox } = started()
    const session = cliSession('cli-proxy', { ...trusted, ...variables })
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
    const session = await sessionOn({}, '--proxy', proxy.url)
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
})
