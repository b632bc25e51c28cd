import { afterAll, beforeAll, expect, it } from 'vitest'
import type { ProxySettingInput, SecretName } from '../../src-shared/environments'
import { startConnectAnswerer, type ConnectAnswerer } from '../helpers/connect-answerer'
import { startTestCore, type TestCore } from '../helpers/core'
import { networkEnvironment, outcomes } from '../helpers/network-environment'
import { secretLeaks } from '../helpers/secret-leaks'
import { describeWithTestKeyring } from '../helpers/test-keyring'

const PROXY_PASSWORD = 'proxy-s3cret-4711'
// Never reached: every proxy here refuses the tunnel.
const SERVICE = 'https://api.corp.example'
const CREDENTIALS = { apiKey: 'k'.repeat(24), secretKey: 's'.repeat(24) }

type Answerer = 'negotiate' | 'basic' | 'badGateway' | 'forbidden'

describeWithTestKeyring("a proxy's refusal, said the same by a call and by Test connection", () => {
  let parts: { t: TestCore; proxies: Record<Answerer, ConnectAnswerer> } | undefined
  const started = () => {
    if (!parts) throw new Error('the proxies and the core start in beforeAll')
    return parts
  }

  beforeAll(async () => {
    parts = {
      t: startTestCore({ face: 'cli' }),
      proxies: {
        // A real tinyproxy cannot ask for Negotiate: a company's Windows-integrated proxy does.
        negotiate: await startConnectAnswerer('407 Proxy Authentication Required', [
          'Proxy-Authenticate: Negotiate',
          'Proxy-Authenticate: NTLM',
        ]),
        basic: await startConnectAnswerer('407 Proxy Authentication Required', [
          'Proxy-Authenticate: Basic realm="corp"',
        ]),
        badGateway: await startConnectAnswerer('502 Bad Gateway'),
        forbidden: await startConnectAnswerer('403 Forbidden'),
      },
    }
  })
  afterAll(async () => {
    await parts?.t.stop()
    await Promise.all(Object.values(parts?.proxies ?? {}).map((proxy) => proxy.close()))
  })

  async function environmentBehind(name: string, proxy: Answerer, username?: string) {
    const { t, proxies } = started()
    const setting: ProxySettingInput = { mode: 'url', url: proxies[proxy].url, username }
    const secrets: Partial<Record<SecretName, string>> = {
      ...CREDENTIALS,
      ...(username === undefined ? {} : { proxyPassword: PROXY_PASSWORD }),
    }
    return networkEnvironment(t, SERVICE, { name, proxy: setting, secrets })
  }

  it.each([
    ['without a login', undefined],
    ['with a Basic login', 'ana'],
  ])(
    'Test connection through a proxy that offers only Negotiate and NTLM (%s): Basic logins only, and what to do',
    async (_, username) => {
      const { t, proxies } = started()
      const id = await environmentBehind(`Negotiate ${String(username)}`, 'negotiate', username)
      const test = await t.ok('environments:testConnection', { id })
      expect(test).toMatchObject({ outcome: 'unreachable', failedStep: 'proxy' })
      expect(outcomes(test)).toMatchObject({
        resolve: 'passed',
        proxy: 'failed',
        connect: 'skipped',
      })
      expect(test.said).toMatchObject({
        id: 'network.proxyLoginUnsupported',
        values: { proxy: proxies.negotiate.url, schemes: 'Negotiate, NTLM', status: 407 },
      })
      expect(test.said.text).toMatch(/supports Basic proxy logins only/)
      expect(secretLeaks(JSON.stringify(test), [PROXY_PASSWORD])).toEqual([])
    },
  )

  it.each([
    {
      answering: '502 (it could not reach the service)',
      proxy: 'badGateway',
      id: 'diagnosis.proxyCannotReach',
    },
    {
      answering: '407 to the login it was given',
      proxy: 'basic',
      username: 'ana',
      id: 'diagnosis.proxyCredentialsRefused',
    },
    { answering: '407, given no login', proxy: 'basic', id: 'http.proxyAuthentication' },
    { answering: '403 (its rules)', proxy: 'forbidden', id: 'http.proxyRefused' },
  ] as const)(
    'a Retrieve through a proxy answering $answering says $id, as the connection test does',
    async ({ answering, proxy, id, ...login }) => {
      const { t, proxies } = started()
      const username = 'username' in login ? login.username : undefined
      const environment = await environmentBehind(`Retrieve, ${answering}`, proxy, username)
      const before = proxies[proxy].asked().length
      await t.ok('environments:select', { id: environment })
      const answer = await t.call('users:retrieve', { token: 'behind-the-proxy' })
      expect(answer).toMatchObject({ ok: false, error: { code: 'NETWORK', said: { id } } })
      const test = await t.ok('environments:testConnection', { id: environment })
      expect(test).toMatchObject({ failedStep: 'proxy', said: { id } })
      // Right in the window too, whose system mode reads no HTTPS_PROXY and gives no user name.
      if (id === 'http.proxyAuthentication')
        expect(test.said.text).toMatch(
          /^(?!.*HTTPS_PROXY).*choose "This proxy" for this environment/,
        )
      // The login is sent where one is set, and only there.
      const asked = proxies[proxy].asked().slice(before)
      const sent = new Set(asked.map(({ authorization }) => authorization !== undefined))
      expect(sent).toEqual(new Set([username !== undefined]))
      expect(secretLeaks(JSON.stringify([answer, test]), [PROXY_PASSWORD])).toEqual([])
    },
  )
})
