import { afterAll, beforeAll, expect, it } from 'vitest'
import type { ProxySettingInput } from '../../src-shared/environments'
import { startSandbox, type RunningSandbox } from '../../src-sandbox/server'
import { startTestCore, useStagingSandbox, type TestCore } from '../helpers/core'
import { startForwardProxy, type ForwardProxy } from '../helpers/forward-proxy'
import { secretLeaks } from '../helpers/secret-leaks'
import { describeWithTestKeyring } from '../helpers/test-keyring'
import { trustTestCertificate } from '../helpers/tls-certificate'

const PASSWORD = 'proxy-s3cret-4711'

describeWithTestKeyring('a proxy that stands in the way says so (tinyproxy, on loopback)', () => {
  let parts: { proxy: ForwardProxy; sandbox: RunningSandbox } | undefined
  const cores: TestCore[] = []
  const started = () => {
    if (!parts) throw new Error('the proxy and the sandbox start in beforeAll')
    return parts
  }

  beforeAll(async () => {
    parts = {
      proxy: await startForwardProxy({ basicAuth: { user: 'ana', password: PASSWORD } }),
      sandbox: await startSandbox({
        port: 0,
        databasePath: ':memory:',
        tls: trustTestCertificate(),
      }),
    }
  })
  afterAll(async () => {
    await Promise.all(cores.map((core) => core.stop()))
    await parts?.sandbox.close()
    await parts?.proxy.stop()
  })

  async function retrieveThrough(
    setting: ProxySettingInput,
    variables: Record<string, string> = {},
  ) {
    const { sandbox } = started()
    const t = startTestCore()
    cores.push(t)
    await useStagingSandbox(t, sandbox, 'Staging behind the proxy', { proxy: setting })
    const saved = { ...process.env }
    Object.assign(process.env, variables)
    try {
      const answer = await t.call('users:retrieve', { token: 'behind-the-proxy' })
      return { answer, activity: await t.ok('activity:list') }
    } finally {
      for (const name of Object.keys(variables)) Reflect.deleteProperty(process.env, name)
      Object.assign(process.env, saved)
    }
  }

  it('a proxy that cannot be reached is named, and nothing was sent', async () => {
    const { answer } = await retrieveThrough({ mode: 'url', url: 'http://127.0.0.1:9' })
    expect(answer).toMatchObject({
      ok: false,
      error: {
        code: 'NETWORK',
        said: { id: 'http.proxyUnreachable', values: { code: 'ECONNREFUSED' } },
      },
    })
  })

  it('a proxy that asks for a name and password says what to do (407)', async () => {
    const { proxy } = started()
    const { answer } = await retrieveThrough({ mode: 'url', url: proxy.url })
    expect(answer).toMatchObject({
      ok: false,
      error: { code: 'NETWORK', said: { id: 'http.proxyAuthentication', values: { status: 407 } } },
    })
  })

  it('gets through with the name and password HTTPS_PROXY carries, and shows neither', async () => {
    const { proxy } = started()
    const withPassword = proxy.url.replace('http://', `http://ana:${PASSWORD}@`)
    const { answer, activity } = await retrieveThrough(
      { mode: 'system' },
      { HTTPS_PROXY: withPassword },
    )
    expect(answer).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } })
    expect(activity.entries[0]).toMatchObject({ status: 404, proxy: proxy.url })
    expect(secretLeaks(JSON.stringify([answer, activity]), [PASSWORD])).toEqual([])
  })
})
