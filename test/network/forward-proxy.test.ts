import { afterAll, beforeAll, expect, it } from 'vitest'
import type { ProxySettingInput } from '../../src-shared/environments'
import { startSandbox, type RunningSandbox } from '../../src-sandbox/server'
import { startTestCore, useStagingSandbox, type TestCore } from '../helpers/core'
import { startForwardProxy, type ForwardProxy } from '../helpers/forward-proxy'
import { withVariables } from '../helpers/proxy-variables-env'
import { describeWithTestKeyring } from '../helpers/test-keyring'
import { trustTestCertificate } from '../helpers/tls-certificate'

describeWithTestKeyring('calls behind a company proxy (tinyproxy, on loopback)', () => {
  let parts: { proxy: ForwardProxy } | undefined
  const cores: TestCore[] = []
  const sandboxes: RunningSandbox[] = []
  const started = () => {
    if (!parts) throw new Error('the proxy and the sandbox start in beforeAll')
    return parts
  }

  beforeAll(async () => {
    parts = { proxy: await startForwardProxy() }
  })
  afterAll(async () => {
    await Promise.all(cores.map((core) => core.stop()))
    await Promise.all(sandboxes.map((sandbox) => sandbox.close()))
    await parts?.proxy.stop()
  })

  /**
   * A fresh core on a fresh https staging sandbox (a tunnel kept alive by an earlier test cannot
   * carry this call) with this proxy setting, its secrets set for it; one Retrieve made.
   */
  async function retrieveThrough(setting: ProxySettingInput) {
    const { proxy } = started()
    const sandbox = await startSandbox({
      port: 0,
      databasePath: ':memory:',
      tls: trustTestCertificate(),
    })
    sandboxes.push(sandbox)
    const target = new URL(sandbox.baseUrl).host
    const t = startTestCore()
    cores.push(t)
    await useStagingSandbox(t, sandbox, 'Staging behind the proxy', { proxy: setting })
    const before = proxy.tunnels().length
    const answer = await t.call('users:retrieve', { token: `proxy-${String(cores.length)}` })
    const [entry] = (await t.ok('activity:list')).entries
    return { answer, entry, target, tunnels: proxy.tunnels().slice(before) }
  }

  it('goes through the proxy the environment names, with a CONNECT to the service', async () => {
    const { proxy } = started()
    const { answer, entry, target, tunnels } = await retrieveThrough({
      mode: 'url',
      url: proxy.url,
    })
    expect(answer).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } })
    expect(tunnels).toEqual([target])
    expect(entry).toMatchObject({ status: 404, proxy: proxy.url })
  })

  it('goes straight when the environment says none, whatever the variables say', async () => {
    const { proxy } = started()
    const { entry, tunnels } = await withVariables({ HTTPS_PROXY: proxy.url }, () =>
      retrieveThrough({ mode: 'none' }),
    )
    expect(tunnels).toEqual([])
    expect(entry).toMatchObject({ status: 404, proxy: null })
  })

  it('follows HTTPS_PROXY in system mode, and NO_PROXY bypasses it', async () => {
    const { proxy } = started()
    const through = await withVariables({ https_proxy: proxy.url }, () =>
      retrieveThrough({ mode: 'system' }),
    )
    expect(through.tunnels).toEqual([through.target])
    expect(through.entry).toMatchObject({ status: 404, proxy: proxy.url })
    const bypassed = await withVariables({ HTTPS_PROXY: proxy.url, NO_PROXY: '127.0.0.1' }, () =>
      retrieveThrough({ mode: 'system' }),
    )
    expect(bypassed.tunnels).toEqual([])
    expect(bypassed.entry).toMatchObject({ status: 404, proxy: null })
  })

  it('plain http stays on this computer: a proxy set for it sees nothing, its keys included', async () => {
    const { proxy } = started()
    const sandbox = await startSandbox({ port: 0, databasePath: ':memory:' })
    sandboxes.push(sandbox)
    const t = startTestCore()
    cores.push(t)
    await useStagingSandbox(t, sandbox, 'Plain http beside the proxy', {
      proxy: { mode: 'url', url: proxy.url },
    })
    const before = proxy.requests().length
    await withVariables({ HTTP_PROXY: proxy.url, NO_PROXY: '' }, async () => {
      expect(
        await t.call('users:create', { user: { token: 'stays-here', status: 2 } }),
      ).toMatchObject({ ok: true })
    })
    expect(proxy.requests().slice(before)).toEqual([])
    const [entry] = (await t.ok('activity:list')).entries
    expect(entry).toMatchObject({ status: 201, proxy: null })
  })
})
