import { copyFileSync, mkdirSync, rmSync } from 'node:fs'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../src-sandbox/server'
import type { SecretName } from '../../src-shared/environments'
import { startTestCore, type TestCore } from '../helpers/core'
import { networkEnvironment, outcomes, stepOf } from '../helpers/network-environment'
import { makePrivateCa, type PrivateCa } from '../helpers/private-ca'
import { makeTempDir } from '../helpers/temp-dir'
import { describeWithTestKeyring } from '../helpers/test-keyring'
import { startTlsFront, type TlsFront } from '../helpers/tls-front'

describeWithTestKeyring(
  'Test connection runs the network steps before the credentials are set',
  () => {
    const dir = makeTempDir('steps-without-credentials')
    let parts:
      | { sandbox: RunningSandbox; ca: PrivateCa; front: TlsFront; t: TestCore; socks: TestCore }
      | undefined
    const started = () => {
      if (!parts) throw new Error('the service and the cores start in beforeAll')
      return parts
    }

    beforeAll(async () => {
      const sandbox = await startSandbox({ port: 0, databasePath: ':memory:' })
      const ca = makePrivateCa(dir.path, 'Before Credentials Root')
      parts = {
        sandbox,
        ca,
        front: await startTlsFront(sandbox.port, ca.server()),
        t: startTestCore({ face: 'cli' }),
        // The window's session, asked for the system's proxy: a SOCKS (version 4) one, which the console cannot use.
        socks: startTestCore({
          face: 'cli',
          systemProxyOfUrl: () => Promise.resolve('SOCKS 127.0.0.1:1080; DIRECT'),
        }),
      }
    })
    afterAll(async () => {
      await parts?.t.stop()
      await parts?.socks.stop()
      await parts?.front.close()
      await parts?.sandbox.close()
      dir.remove()
    })

    /** Calls the real service made with its credentials: the probes' HEAD / carries none. */
    const realCalls = () =>
      started()
        .front.received()
        .filter((bytes) => bytes.startsWith('GET ')).length

    async function testWith(name: string, secrets: Partial<Record<SecretName, string>>) {
      const { t, ca, front } = started()
      const id = await networkEnvironment(t, front.baseUrl, {
        name,
        tls: { caFile: ca.certPath },
        secrets,
      })
      return t.ok('environments:testConnection', { id })
    }

    it('no API key and no Secret key: every network step passes, no call is made, nothing is said refused, the credentials step names both', async () => {
      const before = realCalls()
      const test = await testWith('No credentials yet', {})
      expect(outcomes(test)).toEqual({
        resolve: 'passed',
        proxy: 'skipped',
        connect: 'passed',
        tls: 'passed',
        http: 'skipped',
        credentials: 'skipped',
      })
      expect(test).toMatchObject({
        outcome: 'credentialsNotSet',
        status: null,
        failedStep: null,
      })
      expect(stepOf(test, 'credentials').said).toEqual(test.said)
      expect(test.said).toMatchObject({
        id: 'core.credentialsMissing',
        values: { environment: 'No credentials yet' },
      })
      expect(stepOf(test, 'tls').tls).toMatchObject({ accepted: true, hostMatches: true })
      expect(stepOf(test, 'http').said.id).toBe('network.notCalledWithoutCredentials')
      expect(realCalls()).toBe(before)
    })

    it('one of them missing: the credentials step names that one', async () => {
      const { sandbox } = started()
      const test = await testWith('No Secret key yet', { apiKey: sandbox.credentials.apiKey })
      expect(test).toMatchObject({
        outcome: 'credentialsNotSet',
        said: { id: 'core.secretKeyMissing' },
      })
    })

    it('a CA file that cannot be read fails the tls step, after the steps before it ran', async () => {
      const { t, ca, front, sandbox } = started()
      const caFile = `${dir.path}/replaced-ca.pem`
      const { apiKey, secretKey } = sandbox.credentials
      copyFileSync(ca.certPath, caFile)
      const id = await networkEnvironment(t, front.baseUrl, {
        name: 'CA file gone',
        tls: { caFile },
        secrets: { apiKey, secretKey },
      })
      // Replaced after it was chosen by something the console cannot read as a file.
      rmSync(caFile)
      mkdirSync(caFile)
      const test = await t.ok('environments:testConnection', { id })
      expect(outcomes(test)).toMatchObject({ resolve: 'passed', connect: 'passed', tls: 'failed' })
      expect(test).toMatchObject({ outcome: 'unreachable', failedStep: 'tls' })
      expect(test.said).toMatchObject({
        id: 'network.tlsFileUnreadable',
        // By its name: the page is told no path.
        values: { file: 'replaced-ca.pem', code: 'EISDIR' },
      })
    })

    it('a CA file fixed in place after a call used it: the probes and the real call both read it again', async () => {
      const { t, ca, front, sandbox } = started()
      const caFile = `${dir.path}/fixed-in-place-ca.pem`
      copyFileSync(makePrivateCa(dir.path, 'Not The Service Root').certPath, caFile)
      const id = await networkEnvironment(t, front.baseUrl, {
        name: 'CA file fixed',
        tls: { caFile },
        secrets: sandbox.credentials,
      })
      await t.ok('environments:select', { id })
      const refused = await t.call('users:retrieve', { token: 'someone' })
      expect(refused).toMatchObject({ ok: false, error: { said: { id: 'http.tlsRefused' } } })
      copyFileSync(ca.certPath, caFile)
      const test = await t.ok('environments:testConnection', { id })
      expect(test).toMatchObject({ outcome: 'ok', failedStep: null })
    })

    it('a system proxy the console cannot use (SOCKS4) fails the proxy step; there is no host to look up', async () => {
      const { socks, front } = started()
      const id = await networkEnvironment(socks, front.baseUrl, {
        name: 'Behind a SOCKS proxy',
        proxy: { mode: 'system' },
      })
      const test = await socks.ok('environments:testConnection', { id })
      expect(outcomes(test)).toEqual({
        resolve: 'skipped',
        proxy: 'failed',
        connect: 'skipped',
        tls: 'skipped',
        http: 'skipped',
        credentials: 'skipped',
      })
      expect(stepOf(test, 'resolve').said.id).toBe('network.resolveAwaitsProxy')
      expect(test).toMatchObject({ outcome: 'unreachable', failedStep: 'proxy' })
      expect(test.said).toMatchObject({
        id: 'network.systemProxyUnsupported',
        values: { proxy: 'SOCKS 127.0.0.1:1080' },
      })
    })
  },
)
