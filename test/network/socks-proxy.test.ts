// SOCKS5 through a real SOCKS server (Debian's microsocks) on loopback: the environment's proxy
// URL as socks5h:// (the proxy resolves the name) and socks5:// (the console does), its login from
// the keychain; a wrong password refused at the proxy step, nothing sent.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../src-sandbox/server'
import { startTestCore, type TestCore } from '../helpers/core'
import { networkEnvironment, outcomes, stepOf } from '../helpers/network-environment'
import { makePrivateCa, type PrivateCa } from '../helpers/private-ca'
import { startSocksServer, type SocksServer } from '../helpers/socks-server'
import { makeTempDir } from '../helpers/temp-dir'
import { describeWithTestKeyring } from '../helpers/test-keyring'
import { startTlsFront, type TlsFront } from '../helpers/tls-front'

const LOGIN = { user: 'ana', password: 'socks-s3cret-4711' }

describeWithTestKeyring('calls through a SOCKS5 proxy (microsocks, on loopback)', () => {
  const dir = makeTempDir('socks')
  let parts: {
    sandbox: RunningSandbox
    front: TlsFront
    socks: SocksServer
    ca: PrivateCa
    t: TestCore
  }
  beforeAll(async () => {
    const sandbox = await startSandbox({ port: 0, databasePath: ':memory:' })
    const ca = makePrivateCa(dir.path, 'Socks Root')
    parts = {
      sandbox,
      ca,
      front: await startTlsFront(sandbox.port, ca.server(['IP:127.0.0.1', 'DNS:localhost'])),
      socks: await startSocksServer(LOGIN),
      t: startTestCore({ face: 'cli' }),
    }
  })
  afterAll(async () => {
    await parts.t.stop()
    await parts.socks.stop()
    await parts.front.close()
    await parts.sandbox.close()
    dir.remove()
  })

  async function testThrough(name: string, proxyUrl: string, host: string, password: string) {
    const { t, sandbox, front, ca } = parts
    const baseUrl = front.baseUrl.replace('127.0.0.1', host)
    const id = await networkEnvironment(t, baseUrl, {
      name,
      proxy: { mode: 'url', url: proxyUrl, username: LOGIN.user },
      tls: { caFile: ca.certPath },
      secrets: { ...sandbox.credentials, proxyPassword: password },
    })
    return t.ok('environments:testConnection', { id })
  }

  it.each([
    ['socks5h://', 'localhost'],
    ['socks5://', '127.0.0.1'],
  ])(
    '%s with its login: every step passes, and the real call gets its answer',
    async (scheme, host) => {
      const url = parts.socks.url.replace('socks5h://', scheme)
      const test = await testThrough(`Through ${scheme}`, url, host, LOGIN.password)
      expect(outcomes(test)).toEqual({
        resolve: 'passed',
        proxy: 'passed',
        connect: 'passed',
        tls: 'passed',
        http: 'passed',
        credentials: 'passed',
      })
      expect(stepOf(test, 'proxy').said.values).toMatchObject({ proxy: url })
    },
  )

  it('a wrong password: refused at the proxy step, said as the SOCKS proxy’s, nothing sent', async () => {
    const test = await testThrough('Wrong login', parts.socks.url, 'localhost', 'not-the-password')
    expect(test).toMatchObject({ failedStep: 'proxy' })
    expect(stepOf(test, 'proxy').said).toMatchObject({
      id: 'network.proxySocksRefused',
      values: { proxy: parts.socks.url },
    })
  })
  it('verifies a session JWT through the proxy with its login, as every call goes', async () => {
    const { t, sandbox, front, ca } = parts
    const id = await networkEnvironment(t, front.baseUrl.replace('127.0.0.1', 'localhost'), {
      name: 'Verify through SOCKS',
      proxy: { mode: 'url', url: parts.socks.url, username: LOGIN.user },
      tls: { caFile: ca.certPath },
      secrets: { ...sandbox.credentials, proxyPassword: LOGIN.password },
    })
    await t.ok('environments:select', { id })
    await t.ok('users:create', { user: { token: 'socks-verify', status: 2 } })
    const { jwt } = await t.ok('sessions:authenticate', { identifier: 'socks-verify' })
    const verified = await t.ok('sessions:verify', { jwt })
    expect(verified).toMatchObject({ verified: true })
  })
})
