// An https:// proxy whose certificate a company CA signed (a TLS front before tinyproxy): its
// certificate is judged with the environment's trust, in Test connection and in calls alike,
// and a proxy certificate nothing trusts is told as the proxy's, nothing sent.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../src-sandbox/server'
import { startTestCore, type TestCore } from '../helpers/core'
import { startForwardProxy, type ForwardProxy } from '../helpers/forward-proxy'
import { networkEnvironment, outcomes } from '../helpers/network-environment'
import { makePrivateCa, type PrivateCa } from '../helpers/private-ca'
import { makeTempDir } from '../helpers/temp-dir'
import { describeWithTestKeyring } from '../helpers/test-keyring'
import { startTlsFront, type TlsFront } from '../helpers/tls-front'

describeWithTestKeyring('an https:// proxy signed by a company CA', () => {
  const dir = makeTempDir('https-proxy')
  let parts: {
    sandbox: RunningSandbox
    ca: PrivateCa
    service: TlsFront
    proxy: ForwardProxy
    proxyFront: TlsFront
    t: TestCore
  }
  beforeAll(async () => {
    const sandbox = await startSandbox({ port: 0, databasePath: ':memory:' })
    const ca = makePrivateCa(dir.path, 'Company Root')
    const proxy = await startForwardProxy()
    parts = {
      sandbox,
      ca,
      service: await startTlsFront(sandbox.port, ca.server()),
      proxy,
      proxyFront: await startTlsFront(Number(new URL(proxy.url).port), ca.server()),
      t: startTestCore({ face: 'cli' }),
    }
  })
  afterAll(async () => {
    await parts.t.stop()
    await parts.proxyFront.close()
    await parts.proxy.stop()
    await parts.service.close()
    await parts.sandbox.close()
    dir.remove()
  })

  async function environment(name: string, caFile: string | undefined) {
    const { t, sandbox, service, proxyFront } = parts
    const proxyUrl = proxyFront.baseUrl
    return networkEnvironment(t, service.baseUrl, {
      name,
      proxy: { mode: 'url', url: proxyUrl },
      tls: caFile === undefined ? {} : { caFile },
      secrets: sandbox.credentials,
    })
  }

  it('with the company CA as the CA file: every step passes through it, and the call is answered', async () => {
    const { t, ca, proxy } = parts
    const id = await environment('Company proxy', ca.certPath)
    const test = await t.ok('environments:testConnection', { id })
    expect(outcomes(test)).toMatchObject({ proxy: 'passed', tls: 'passed', credentials: 'passed' })
    await t.ok('environments:select', { id })
    const answer = await t.call('users:retrieve', { token: 'nobody-here' })
    expect(answer).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } })
    expect(proxy.tunnels()).toContain(new URL(parts.service.baseUrl).host)
  })

  it('without it: the call stops at the proxy’s certificate, said as the proxy’s, nothing sent', async () => {
    const { t, proxyFront, proxy } = parts
    const id = await environment('Untrusted proxy', undefined)
    await t.ok('environments:select', { id })
    const tunnelsBefore = proxy.requests().length
    const answer = await t.call('users:retrieve', { token: 'nobody-here' })
    expect(answer).toMatchObject({
      ok: false,
      error: {
        code: 'NETWORK',
        said: { id: 'network.proxyTlsRefused', values: { proxy: proxyFront.baseUrl } },
      },
    })
    // The CONNECT never reached the proxy behind its TLS front.
    expect(proxy.requests()).toHaveLength(tunnelsBefore)
  })
})
