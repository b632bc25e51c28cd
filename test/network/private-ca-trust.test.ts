import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../src-sandbox/server'
import { startTestCore, type TestCore } from '../helpers/core'
import { networkEnvironment, outcomes, stepOf, type TlsFiles } from '../helpers/network-environment'
import { makePrivateCa, type PrivateCa } from '../helpers/private-ca'
import { makeTempDir } from '../helpers/temp-dir'
import { describeWithTestKeyring } from '../helpers/test-keyring'
import { startTlsFront, type TlsFront } from '../helpers/tls-front'

describeWithTestKeyring(
  'a service served with a private CA’s certificate (Test connection)',
  () => {
    const dir = makeTempDir('private-ca')
    let parts:
      | {
          sandbox: RunningSandbox
          ca: PrivateCa
          other: PrivateCa
          issuing: PrivateCa
          fronts: Record<'valid' | 'untried' | 'expired' | 'otherHost' | 'chainless', TlsFront>
          t: TestCore
        }
      | undefined
    const started = () => {
      if (!parts) throw new Error('the sandbox, its fronts and the core start in beforeAll')
      return parts
    }

    beforeAll(async () => {
      const sandbox = await startSandbox({ port: 0, databasePath: ':memory:' })
      const ca = makePrivateCa(dir.path, 'Corp Private Root')
      const other = makePrivateCa(dir.path, 'Unrelated Root')
      const issuing = ca.intermediate('Corp Issuing CA')
      const served = (issued: { key: string; cert: string }) =>
        startTlsFront(sandbox.port, { key: issued.key, cert: issued.cert })
      const fronts = {
        valid: await served(ca.server()),
        // No call reaches it: what the probes leave open is all that could be open.
        untried: await served(ca.server()),
        expired: await served(
          ca.server(['IP:127.0.0.1'], { from: new Date('2020-01-01'), to: new Date('2021-01-01') }),
        ),
        otherHost: await served(ca.server(['DNS:api.corp.example'])),
        // Its certificate alone, without the intermediate that issued it.
        chainless: await served(issuing.server()),
      }
      parts = { sandbox, ca, other, issuing, fronts, t: startTestCore({ face: 'cli' }) }
    })
    afterAll(async () => {
      await parts?.t.stop()
      await Promise.all(Object.values(parts?.fronts ?? {}).map((front) => front.close()))
      await parts?.sandbox.close()
      dir.remove()
    })

    async function testOn(front: TlsFront, tls: TlsFiles, name: string) {
      const { t, sandbox } = started()
      const { apiKey, secretKey } = sandbox.credentials
      const id = await networkEnvironment(t, front.baseUrl, {
        name,
        tls,
        secrets: { apiKey, secretKey },
      })
      return { id, test: await t.ok('environments:testConnection', { id }) }
    }

    it('works with the CA file set on the environment: every step passes, the chain shown', async () => {
      const { ca, fronts, sandbox } = started()
      const { test } = await testOn(fronts.valid, { caFile: ca.certPath }, 'With its CA')
      expect(test).toMatchObject({
        outcome: 'ok',
        failedStep: null,
        said: { id: 'service.connected' },
      })
      expect(outcomes(test)).toEqual({
        resolve: 'passed',
        proxy: 'skipped',
        connect: 'passed',
        tls: 'passed',
        http: 'passed',
        credentials: 'passed',
      })
      expect(stepOf(test, 'tls').tls).toMatchObject({
        chain: [
          { subject: 'CN=127.0.0.1', issuer: 'CN=Corp Private Root, O=Integrator Console tests' },
          { subject: 'CN=Corp Private Root, O=Integrator Console tests' },
        ],
        hostMatches: true,
        trustedBy: 'default-and-ca-file',
        accepted: true,
      })
      // The probes sent no secret: one connection carried the apiKey, the real call's.
      const connections = fronts.valid.received()
      expect(connections.filter((bytes) => bytes.startsWith('HEAD / '))).toHaveLength(1)
      const carrying = connections.filter((bytes) => bytes.includes(sandbox.credentials.apiKey))
      expect(carrying).toHaveLength(1)
      expect(carrying[0]).toMatch(/^GET \/api\/v3\/pendingCompanyUsers\/connection-test-/)
      // The probes' connections are closed: at most the real call's keep-alive one stays.
      await expect.poll(() => fronts.valid.openConnections()).toBeLessThanOrEqual(1)
    })

    it('fails without it: the tls step names the issuer and what to do, nothing after it is tried', async () => {
      const { t, fronts } = started()
      const { id, test } = await testOn(fronts.untried, {}, 'Without its CA')
      expect(test).toMatchObject({ outcome: 'unreachable', failedStep: 'tls', status: null })
      expect(outcomes(test)).toMatchObject({
        tls: 'failed',
        http: 'skipped',
        credentials: 'skipped',
      })
      const tls = stepOf(test, 'tls')
      expect(tls.said).toMatchObject({
        id: 'diagnosis.tlsUntrustedIssuerAlone',
        values: { issuer: 'CN=Corp Private Root, O=Integrator Console tests' },
      })
      expect(test.said).toEqual(tls.said)
      expect(tls.tls).toMatchObject({ trustedBy: 'default', accepted: false, hostMatches: true })
      // Nothing was sent to a service whose certificate was refused, and nothing is left open.
      expect(fronts.untried.received().join('')).toBe('')
      await expect.poll(() => fronts.untried.openConnections()).toBe(0)
      // The calls themselves are refused the same way.
      await t.ok('environments:select', { id })
      expect(await t.call('users:retrieve', { token: 'nobody' })).toMatchObject({
        ok: false,
        error: { code: 'NETWORK', said: { id: 'http.tlsRefused' } },
      })
    })

    it('with caOnly and an unrelated CA it fails: the default authorities are not asked', async () => {
      const { fronts, other } = started()
      const { test } = await testOn(
        fronts.valid,
        { caFile: other.certPath, caOnly: true },
        'Only other',
      )
      expect(test.failedStep).toBe('tls')
      expect(stepOf(test, 'tls')).toMatchObject({
        said: {
          id: 'diagnosis.tlsUntrustedIssuerAlone',
          values: { trust: { id: 'diagnosis.trustFileOnly' } },
        },
        tls: { trustedBy: 'ca-file-only', accepted: false },
      })
    })

    it('an expired certificate: the tls step says when it expired and who must renew it', async () => {
      const { ca, fronts } = started()
      const { test } = await testOn(fronts.expired, { caFile: ca.certPath }, 'Expired')
      expect(test.failedStep).toBe('tls')
      expect(stepOf(test, 'tls')).toMatchObject({
        said: {
          id: 'diagnosis.tlsExpired',
          values: { date: '2021-01-01', code: 'CERT_HAS_EXPIRED' },
        },
        tls: { chain: [{ expired: true }, { expired: false }], accepted: false },
      })
    })

    it('a trusted certificate for another host name: the tls step names the names it gives, the chain trusted', async () => {
      const { ca, fronts } = started()
      const { test } = await testOn(fronts.otherHost, { caFile: ca.certPath }, 'Other host')
      expect(test.failedStep).toBe('tls')
      expect(stepOf(test, 'tls')).toMatchObject({
        said: {
          id: 'diagnosis.tlsWrongHost',
          values: { host: '127.0.0.1', names: 'DNS:api.corp.example' },
        },
        // The window says "trusted" from `accepted`: no CA file would help here.
        tls: { hostMatches: false, accepted: true },
      })
    })

    // A service that does not send its intermediate: whichever certificate the CA file holds,
    // the advice leads to one that works, never back to the other.
    it('a service that omits its intermediate: the advice names both ways, and the CA file it asks for works', async () => {
      const { ca, issuing, fronts } = started()
      const rootOnly = await testOn(fronts.chainless, { caFile: ca.certPath }, 'Root only')
      expect(stepOf(rootOnly.test, 'tls').said).toMatchObject({
        id: 'diagnosis.tlsUntrustedIssuerAlone',
        values: { issuer: 'CN=Corp Issuing CA' },
        text: expect.stringContaining('If it is an intermediate CA instead'),
      })
      // With the intermediate alone, its root is named, to be added beside it.
      const alone = await testOn(fronts.chainless, { caFile: issuing.certPath }, 'Issuing only')
      expect(stepOf(alone.test, 'tls').said).toMatchObject({
        id: 'diagnosis.tlsUntrustedIssuer',
        values: { issuer: 'CN=Corp Private Root, O=Integrator Console tests' },
        text: expect.stringContaining('keep any it needs already'),
      })
      const both = join(dir.path, 'issuing-and-root.pem')
      writeFileSync(both, issuing.cert + ca.cert)
      const { test } = await testOn(fronts.chainless, { caFile: both }, 'Both')
      expect(test).toMatchObject({ outcome: 'ok', failedStep: null })
    })
  },
)
