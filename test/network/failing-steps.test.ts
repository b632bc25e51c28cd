import { createServer, type Server, type Socket } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../src-sandbox/server'
import type { ProxySettingInput, SecretName } from '../../src-shared/environments'
import { startTestCore, type TestCore } from '../helpers/core'
import { startForwardProxy, type ForwardProxy } from '../helpers/forward-proxy'
import { networkEnvironment, outcomes, stepOf } from '../helpers/network-environment'
import { makePrivateCa, type PrivateCa } from '../helpers/private-ca'
import { secretLeaks } from '../helpers/secret-leaks'
import { makeTempDir } from '../helpers/temp-dir'
import { describeWithTestKeyring } from '../helpers/test-keyring'
import { startTlsFront, type TlsFront } from '../helpers/tls-front'

const PROXY_PASSWORD = 'proxy-s3cret-4711'

describeWithTestKeyring('Test connection names the step that failed, and why', () => {
  const dir = makeTempDir('failing-steps')
  let parts:
    | {
        sandbox: RunningSandbox
        ca: PrivateCa
        front: TlsFront
        guarded: ForwardProxy
        refusing: ForwardProxy
        silent: { server: Server; url: string; held: () => number; tls: TlsFront }
        t: TestCore
      }
    | undefined
  const started = () => {
    if (!parts) throw new Error('the service, the proxies and the core start in beforeAll')
    return parts
  }

  beforeAll(async () => {
    const sandbox = await startSandbox({ port: 0, databasePath: ':memory:' })
    const ca = makePrivateCa(dir.path, 'Steps Root')
    // Takes connections and never says a word: a firewall that holds them, a proxy that hangs.
    const held = new Set<Socket>()
    const server = createServer((socket) => {
      held.add(socket)
      // Reads what it is sent (and answers nothing): a closed connection is seen as closed.
      socket.resume()
      socket.on('error', () => undefined).once('close', () => held.delete(socket))
    })
    server.once('close', () => held.forEach((socket) => socket.destroy()))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const address = server.address()
    const port = typeof address === 'object' && address !== null ? address.port : 0
    parts = {
      silent: {
        server,
        url: `127.0.0.1:${String(port)}`,
        held: () => held.size,
        // The TLS handshake done, then silence.
        tls: await startTlsFront(port, ca.server()),
      },
      sandbox,
      ca,
      front: await startTlsFront(sandbox.port, ca.server()),
      guarded: await startForwardProxy({ basicAuth: { user: 'ana', password: PROXY_PASSWORD } }),
      refusing: await startForwardProxy({ connectPorts: [443] }),
      t: startTestCore({ face: 'cli' }),
    }
  })
  afterAll(async () => {
    await parts?.t.stop()
    await parts?.guarded.stop()
    await parts?.refusing.stop()
    await parts?.silent.tls.close()
    parts?.silent.server.close()
    await parts?.front.close()
    await parts?.sandbox.close()
    dir.remove()
  })

  async function testOn(
    name: string,
    baseUrl: string,
    options: {
      proxy?: ProxySettingInput
      secrets?: Partial<Record<SecretName, string>>
      timeoutMs?: number
    } = {},
  ) {
    const { t, sandbox, ca } = started()
    const { apiKey, secretKey } = sandbox.credentials
    const id = await networkEnvironment(t, baseUrl, {
      name,
      proxy: options.proxy,
      timeoutMs: options.timeoutMs,
      tls: baseUrl.startsWith('https:') ? { caFile: ca.certPath } : {},
      secrets: { apiKey, secretKey, ...options.secrets },
    })
    return t.ok('environments:testConnection', { id })
  }

  it('a host that does not exist: resolve, with what to check', async () => {
    const test = await testOn('Unknown host', 'https://no-such-host.invalid')
    expect(test).toMatchObject({ outcome: 'unreachable', failedStep: 'resolve' })
    expect(outcomes(test)).toEqual({
      resolve: 'failed',
      proxy: 'skipped',
      connect: 'skipped',
      tls: 'skipped',
      http: 'skipped',
      credentials: 'skipped',
    })
    // Where the machine has no name service at all, the lookup says that instead.
    expect(['diagnosis.nameNotFound', 'diagnosis.nameServiceDown']).toContain(test.said.id)
    expect(test.said.values).toMatchObject({ host: 'no-such-host.invalid' })
  })

  it('a port nothing listens on: connect (ECONNREFUSED), the name resolved, and no proxy for plain http whatever the setting says', async () => {
    const { refusing } = started()
    const test = await testOn('Wrong port', 'http://127.0.0.1:9', {
      proxy: { mode: 'url', url: refusing.url },
    })
    expect(test).toMatchObject({ outcome: 'unreachable', failedStep: 'connect' })
    expect(outcomes(test)).toMatchObject({ resolve: 'passed', proxy: 'skipped', connect: 'failed' })
    expect(stepOf(test, 'proxy').said).toMatchObject({
      id: 'diagnosis.direct',
      values: { because: { id: 'diagnosis.becauseLoopback' } },
    })
    expect(test.said).toMatchObject({
      id: 'diagnosis.connectRefused',
      values: { target: '127.0.0.1:9', code: 'ECONNREFUSED' },
    })
  })

  it('a proxy that will not open the tunnel (its rules): proxy, with its status', async () => {
    const { front, refusing } = started()
    const test = await testOn('Refused by policy', front.baseUrl, {
      proxy: { mode: 'url', url: refusing.url },
    })
    expect(test).toMatchObject({ outcome: 'unreachable', failedStep: 'proxy' })
    expect(outcomes(test)).toMatchObject({ resolve: 'passed', proxy: 'failed', connect: 'skipped' })
    expect(test.said).toMatchObject({
      id: 'http.proxyRefused',
      values: { proxy: refusing.url, status: 403 },
    })
  })

  it('a proxy that refuses the password it was given (407): proxy, and the password unshown', async () => {
    const { front, guarded } = started()
    const test = await testOn('Wrong proxy password', front.baseUrl, {
      proxy: { mode: 'url', url: guarded.url, username: 'ana' },
      secrets: { proxyPassword: 'not-the-proxy-password' },
    })
    expect(test).toMatchObject({ outcome: 'unreachable', failedStep: 'proxy' })
    expect(test.said).toMatchObject({
      id: 'diagnosis.proxyCredentialsRefused',
      // tinyproxy answers a wrong password with 401, where 407 is meant.
      values: { proxy: guarded.url, status: expect.toBeOneOf([401, 407]) as number },
    })
    expect(secretLeaks(JSON.stringify(test), ['not-the-proxy-password'])).toEqual([])
  })

  it('through the proxy with its password: each step passes, the proxy said with why', async () => {
    const { front, guarded } = started()
    const test = await testOn('Through the proxy', front.baseUrl, {
      proxy: { mode: 'url', url: guarded.url, username: 'ana' },
      secrets: { proxyPassword: PROXY_PASSWORD },
    })
    expect(test).toMatchObject({ outcome: 'ok', failedStep: null })
    expect(stepOf(test, 'resolve').said.values).toMatchObject({ host: '127.0.0.1' })
    expect(stepOf(test, 'proxy').said).toMatchObject({
      id: 'diagnosis.proxyOpened',
      values: { proxy: guarded.url, target: new URL(front.baseUrl).host },
    })
    expect(secretLeaks(JSON.stringify(test), [PROXY_PASSWORD])).toEqual([])
  })

  it('wrong credentials: credentials, after an HTTP answer', async () => {
    const { front } = started()
    const test = await testOn('Wrong credentials', front.baseUrl, {
      secrets: { secretKey: 'not-the-secret-key' },
    })
    expect(test).toMatchObject({ outcome: 'unauthorized', failedStep: 'credentials', status: 401 })
    expect(outcomes(test)).toMatchObject({ tls: 'passed', http: 'passed', credentials: 'failed' })
    expect(stepOf(test, 'http').said).toMatchObject({ values: { status: 401 } })
    expect(test.said).toEqual(stepOf(test, 'credentials').said)
  })

  it('a service or a proxy that never answers: the step waiting stops at the timeout (a handshake done is not undone), nothing left open', async () => {
    const { front, silent } = started()
    const throughSilent = { mode: 'url', url: `http://${silent.url}` } as const
    const [service, proxy, answerless] = await Promise.all([
      testOn('Silent service', `https://${silent.url}`, { timeoutMs: 1000 }),
      testOn('Silent proxy', front.baseUrl, { proxy: throughSilent, timeoutMs: 1000 }),
      testOn('Handshake, then silence', silent.tls.baseUrl, { timeoutMs: 1000 }),
    ])
    expect(service).toMatchObject({ failedStep: 'tls', said: { id: 'diagnosis.tlsTimedOut' } })
    expect(service.said.values).toMatchObject({ seconds: 1 })
    expect(proxy).toMatchObject({ failedStep: 'proxy', said: { id: 'diagnosis.proxyTimedOut' } })
    expect(outcomes(answerless)).toMatchObject({ tls: 'passed', http: 'failed' })
    expect(answerless.said).toMatchObject({ id: 'http.noAnswerWithin' })
    await expect.poll(() => silent.held()).toBe(0)
  })
})
