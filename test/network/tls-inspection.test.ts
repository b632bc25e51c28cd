import { afterAll, beforeAll, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../src-sandbox/server'
import { startTestCore, type TestCore } from '../helpers/core'
import { startInspectingProxy, type InspectingProxy } from '../helpers/inspecting-proxy'
import { networkEnvironment, outcomes, stepOf } from '../helpers/network-environment'
import { makePrivateCa } from '../helpers/private-ca'
import { makeTempDir } from '../helpers/temp-dir'
import { describeWithTestKeyring } from '../helpers/test-keyring'
import { startTlsFront, type TlsFront } from '../helpers/tls-front'

describeWithTestKeyring('behind a TLS-inspecting proxy (mitmproxy, on loopback)', () => {
  const dir = makeTempDir('inspection')
  let parts:
    { sandbox: RunningSandbox; front: TlsFront; mitm: InspectingProxy; t: TestCore } | undefined
  const started = () => {
    if (!parts) throw new Error('the service, the proxy and the core start in beforeAll')
    return parts
  }

  beforeAll(async () => {
    const sandbox = await startSandbox({ port: 0, databasePath: ':memory:' })
    const ca = makePrivateCa(dir.path, 'Service Private Root')
    const front = await startTlsFront(sandbox.port, ca.server())
    // The proxy trusts the service's CA upstream, as a company's inspection trusts the Internet's.
    const mitm = await startInspectingProxy(ca.certPath)
    parts = { sandbox, front, mitm, t: startTestCore({ face: 'cli' }) }
  })
  afterAll(async () => {
    await parts?.t.stop()
    await parts?.mitm.stop()
    await parts?.front.close()
    await parts?.sandbox.close()
    dir.remove()
  })

  async function testThrough(name: string, caFile?: string) {
    const { t, sandbox, front, mitm } = started()
    const { apiKey, secretKey } = sandbox.credentials
    const id = await networkEnvironment(t, front.baseUrl, {
      name,
      proxy: { mode: 'url', url: mitm.url },
      tls: caFile === undefined ? {} : { caFile },
      secrets: { apiKey, secretKey },
    })
    return { id, test: await t.ok('environments:testConnection', { id }) }
  }

  it("without the proxy's CA the tls step fails: it names mitmproxy as the issuer and says what to do", async () => {
    const { t, mitm } = started()
    const { id, test } = await testThrough('Inspected')
    expect(test).toMatchObject({ outcome: 'unreachable', failedStep: 'tls' })
    expect(outcomes(test)).toEqual({
      resolve: 'passed',
      proxy: 'passed',
      connect: 'passed',
      tls: 'failed',
      http: 'skipped',
      credentials: 'skipped',
    })
    expect(stepOf(test, 'proxy').said).toMatchObject({
      id: 'diagnosis.proxyOpened',
      values: { proxy: mitm.url, because: { id: 'diagnosis.becauseSetting' } },
    })
    const tls = stepOf(test, 'tls')
    expect(tls.said.id).toBe('diagnosis.tlsUntrustedIssuerAlone')
    expect(tls.said.values.issuer).toMatch(/CN=mitmproxy/)
    expect(tls.said.text).toMatch(
      /This looks like your company's TLS inspection .*add its root CA, .*CN=mitmproxy, to this environment as its CA file/,
    )
    expect(tls.tls).toMatchObject({ accepted: false, trustedBy: 'default' })
    expect(tls.tls?.chain[0]?.issuer).toMatch(/CN=mitmproxy/)
    // The call itself fails the same way: the service's certificate is not the one presented.
    await t.ok('environments:select', { id })
    expect(await t.call('users:retrieve', { token: 'nobody' })).toMatchObject({
      ok: false,
      error: { code: 'NETWORK', said: { id: 'http.tlsRefused' } },
    })
  })

  it("with the proxy's CA as the environment's CA file it works, every step through the proxy", async () => {
    const { mitm } = started()
    const { test } = await testThrough('Inspected, trusted', mitm.caPath)
    expect(test).toMatchObject({ outcome: 'ok', failedStep: null })
    expect(Object.values(outcomes(test))).toEqual(Array(6).fill('passed'))
    expect(stepOf(test, 'tls').tls).toMatchObject({
      accepted: true,
      hostMatches: true,
      trustedBy: 'default-and-ca-file',
    })
  })
})
