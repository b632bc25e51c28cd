import { afterAll, beforeAll, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../src-sandbox/server'
import type { SecretName } from '../../src-shared/environments'
import { startTestCore, type TestCore } from '../helpers/core'
import { networkEnvironment, outcomes, stepOf, type TlsFiles } from '../helpers/network-environment'
import { makePrivateCa, type Issued, type PrivateCa } from '../helpers/private-ca'
import { makeTempDir } from '../helpers/temp-dir'
import { describeWithTestKeyring } from '../helpers/test-keyring'
import { startTlsFront, type TlsFront } from '../helpers/tls-front'

const PASSPHRASE = 'pkcs12-passphrase-4711'

describeWithTestKeyring('a service that asks for a client certificate (mutual TLS)', () => {
  const dir = makeTempDir('client-certificates')
  let parts:
    | {
        sandbox: RunningSandbox
        ca: PrivateCa
        client: Issued
        /** Issued by a CA the service does not take client certificates from. */
        stranger: Issued
        pkcs12: string
        legacyPkcs12: string
        tripleDesPkcs12: string
        fronts: { tls13: TlsFront; tls12: TlsFront }
        t: TestCore
      }
    | undefined
  const started = () => {
    if (!parts) throw new Error('the service and the core start in beforeAll')
    return parts
  }

  beforeAll(async () => {
    const sandbox = await startSandbox({ port: 0, databasePath: ':memory:' })
    const ca = makePrivateCa(dir.path, 'Service Root')
    const clients = makePrivateCa(dir.path, 'Client Issuing CA')
    const server = ca.server()
    const client = clients.client('integrator-console-tests')
    const stranger = ca.client('integrator-console-stranger')
    // Verified against the client CA; one without a certificate is refused at the handshake.
    const mutual = { ...server, ca: clients.cert, requestCert: true, rejectUnauthorized: true }
    const fronts = {
      tls13: await startTlsFront(sandbox.port, mutual),
      tls12: await startTlsFront(sandbox.port, { ...mutual, maxVersion: 'TLSv1.2' as const }),
    }
    const pkcs12 = clients.pkcs12(client, PASSPHRASE)
    const legacyPkcs12 = clients.pkcs12(client, PASSPHRASE, 'rc2')
    const tripleDesPkcs12 = clients.pkcs12(client, PASSPHRASE, '3des')
    const t = startTestCore({ face: 'cli' })
    parts = { sandbox, ca, client, stranger, pkcs12, legacyPkcs12, tripleDesPkcs12, fronts, t }
  })
  afterAll(async () => {
    await parts?.t.stop()
    await parts?.fronts.tls13.close()
    await parts?.fronts.tls12.close()
    await parts?.sandbox.close()
    dir.remove()
  })

  async function testWith(
    name: string,
    client: TlsFiles['client'],
    secrets: Partial<Record<SecretName, string>> = {},
    front: 'tls13' | 'tls12' = 'tls13',
  ) {
    const { t, sandbox, ca, fronts } = started()
    const { apiKey, secretKey } = sandbox.credentials
    const id = await networkEnvironment(t, fronts[front].baseUrl, {
      name,
      tls: { caFile: ca.certPath, client },
      secrets: { apiKey, secretKey, ...secrets },
    })
    return t.call('environments:testConnection', { id })
  }

  it('refused without one (TLS 1.3, its alert after the handshake): the tls step says so and what to do', async () => {
    const result = await testWith('No certificate', undefined)
    if (!result.ok) throw new Error(result.error.said.text)
    expect(result.data).toMatchObject({ outcome: 'unreachable', failedStep: 'tls' })
    expect(outcomes(result.data)).toMatchObject({ tls: 'failed', http: 'skipped' })
    const tls = stepOf(result.data, 'tls')
    expect(tls.said).toMatchObject({
      id: 'diagnosis.clientCertificateRequired',
      values: { code: 'ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED' },
    })
    expect(tls.said.text).toMatch(/asks for a client certificate.*add the certificate/)
    // Its own certificate was fine: the chain is shown, trusted.
    expect(tls.tls).toMatchObject({ accepted: true, hostMatches: true })
  })

  it('refused without one by a TLS 1.2 service (a handshake failure): the tls step says it probably wants one', async () => {
    const result = await testWith('No certificate, TLS 1.2', undefined, {}, 'tls12')
    if (!result.ok) throw new Error(result.error.said.text)
    expect(result.data.failedStep).toBe('tls')
    expect(stepOf(result.data, 'tls').said).toMatchObject({
      id: 'diagnosis.handshakeRefusedNoCertificate',
    })
  })

  it('works with a PEM certificate and key', async () => {
    const { client } = started()
    const result = await testWith('PEM', { certFile: client.certPath, keyFile: client.keyPath })
    expect(result).toMatchObject({ ok: true, data: { outcome: 'ok', failedStep: null } })
  })

  it('works with a PKCS#12 file whose passphrase is in the keychain', async () => {
    const { pkcs12 } = started()
    const result = await testWith('PKCS#12', { pkcs12 }, { clientKeyPassphrase: PASSPHRASE })
    expect(result).toMatchObject({ ok: true, data: { outcome: 'ok', failedStep: null } })
  })

  it('a wrong passphrase: the tls step says the key cannot be used, and why; the steps before it run, nothing is sent', async () => {
    const { pkcs12 } = started()
    const result = await testWith(
      'PKCS#12, wrong passphrase',
      { pkcs12 },
      { clientKeyPassphrase: 'not-the-passphrase' },
    )
    if (!result.ok) throw new Error(result.error.said.text)
    expect(result.data).toMatchObject({ outcome: 'unreachable', failedStep: 'tls' })
    expect(outcomes(result.data)).toMatchObject({
      resolve: 'passed',
      connect: 'passed',
      http: 'skipped',
    })
    expect(stepOf(result.data, 'tls').said).toMatchObject({
      id: 'network.clientKeyUnusable',
      values: { reason: { id: 'network.clientKeyPassphrase' } },
    })
    expect(JSON.stringify(result)).not.toContain('not-the-passphrase')
  })

  it('works with a PKCS#12 file encrypted with 3DES, as some Windows exports make them', async () => {
    const { tripleDesPkcs12 } = started()
    const result = await testWith(
      'PKCS#12, 3DES',
      { pkcs12: tripleDesPkcs12 },
      { clientKeyPassphrase: PASSPHRASE },
    )
    expect(result).toMatchObject({ ok: true, data: { outcome: 'ok', failedStep: null } })
  })

  it('a PKCS#12 file encrypted with RC2 (openssl pkcs12 -legacy): the tls step says to export it again with AES, not that it holds no key', async () => {
    const { legacyPkcs12 } = started()
    const result = await testWith(
      'PKCS#12, legacy',
      { pkcs12: legacyPkcs12 },
      { clientKeyPassphrase: PASSPHRASE },
    )
    if (!result.ok) throw new Error(result.error.said.text)
    expect(result.data.failedStep).toBe('tls')
    const tls = stepOf(result.data, 'tls').said
    expect(tls).toMatchObject({
      id: 'network.clientKeyUnusable',
      values: { reason: { id: 'network.clientKeyLegacyPkcs12' } },
    })
    expect(tls.text).toMatch(/encrypted with RC2 .* export it again with AES/)
  })

  it('one from a CA the service does not take (TLS 1.3, it closes after the handshake): the tls step says the certificate was refused', async () => {
    const { stranger } = started()
    const files = { certFile: stranger.certPath, keyFile: stranger.keyPath }
    const result = await testWith('Stranger', files)
    if (!result.ok) throw new Error(result.error.said.text)
    expect(result.data).toMatchObject({ outcome: 'unreachable', failedStep: 'tls' })
    expect(outcomes(result.data)).toMatchObject({ tls: 'failed', http: 'skipped' })
    expect(stepOf(result.data, 'tls').said).toMatchObject({
      id: 'diagnosis.clientCertificateRefused',
    })
  })

  // TLS 1.3 lets the request go before the service judges the certificate: its alert then is
  // still a refusal at the handshake, and the service read nothing.
  it('a real call without one: refused at the handshake, not sent, told at once', async () => {
    const { t, sandbox, ca, fronts } = started()
    const environmentId = await networkEnvironment(t, fronts.tls13.baseUrl, {
      name: 'Real call without one',
      tls: { caFile: ca.certPath },
      secrets: sandbox.credentials,
    })
    await t.ok('environments:select', { id: environmentId })
    const readBefore = fronts.tls13.received().length
    for (const answer of [
      await t.call('users:retrieve', { token: 'refused-at-handshake' }),
      await t.call('users:create', { user: { token: 'refused-at-handshake', status: 2 } }),
    ])
      expect(answer).toMatchObject({
        ok: false,
        error: {
          code: 'NETWORK',
          said: {
            id: 'http.clientCertificateWanted',
            text: expect.stringContaining('so nothing was sent'),
          },
        },
      })
    // Not one byte reached the service behind the front: no handshake passed.
    expect(fronts.tls13.received().slice(readBefore)).toEqual([])
  })

  // Node's service refuses a certificate from another CA by closing the connection, which may
  // also follow a request read: a call never takes it for "not sent", so a Create is checked.
  it('a real Create the service closes on after the handshake: its outcome is checked, never called unsent', async () => {
    const { t, sandbox, ca, fronts, stranger } = started()
    const environmentId = await networkEnvironment(t, fronts.tls13.baseUrl, {
      name: 'Real call, closed on',
      tls: {
        caFile: ca.certPath,
        client: { certFile: stranger.certPath, keyFile: stranger.keyPath },
      },
      secrets: sandbox.credentials,
    })
    await t.ok('environments:select', { id: environmentId })
    const answer = await t.call('users:create', { user: { token: 'closed-on', status: 2 } })
    expect(answer).toMatchObject({
      ok: false,
      error: { code: 'OUTCOME_UNKNOWN', said: { id: 'service.createUnsettled' } },
    })
  })
})
