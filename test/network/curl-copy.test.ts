// The cURL command Activity copies runs, as Debian's curl (7.88 here) takes it, and repeats the
// call: through a proxy that asks for a login, with a CA file and a client certificate; straight
// for an environment set to None, whatever the shell's variables say; and through the proxy the
// variables name, with their login, where they decided.
import { execFile } from 'node:child_process'
import { dirname } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { toCurlCommand, type ActivityEntry } from '../../src-shared/activity'
import type { ProxySettingInput } from '../../src-shared/environments'
import { startSandbox, type RunningSandbox } from '../../src-sandbox/server'
import { startTestCore, type TestCore } from '../helpers/core'
import { startForwardProxy, type ForwardProxy } from '../helpers/forward-proxy'
import { networkEnvironment } from '../helpers/network-environment'
import { makePrivateCa, type Issued, type PrivateCa } from '../helpers/private-ca'
import { withoutProxyVariables, withVariables } from '../helpers/proxy-variables-env'
import { makeTempDir } from '../helpers/temp-dir'
import { describeWithTestKeyring } from '../helpers/test-keyring'
import { startTlsFront, type TlsFront } from '../helpers/tls-front'

const login = { user: 'ana.support', password: 'proxy-pass-6021' }

describeWithTestKeyring('the copied cURL command, run by curl', () => {
  const dir = makeTempDir('curl-copy')
  let parts:
    | {
        sandbox: RunningSandbox
        ca: PrivateCa
        client: Issued
        front: TlsFront
        guarded: ForwardProxy
        t: TestCore
      }
    | undefined
  const started = () => {
    if (!parts) throw new Error('the service, its front, the proxy and the core start in beforeAll')
    return parts
  }

  beforeAll(async () => {
    const sandbox = await startSandbox({ port: 0, databasePath: ':memory:' })
    const ca = makePrivateCa(dir.path, 'Curl Root')
    const clients = makePrivateCa(dir.path, 'Curl Clients')
    const client = clients.client('integrator-console-curl')
    const mutual = { ...ca.server(), ca: clients.cert, requestCert: true, rejectUnauthorized: true }
    const front = await startTlsFront(sandbox.port, mutual)
    const guarded = await startForwardProxy({ basicAuth: login })
    parts = { sandbox, ca, client, front, guarded, t: startTestCore({ face: 'cli' }) }
  })
  afterAll(async () => {
    await parts?.t.stop()
    await parts?.front.close()
    await parts?.guarded.stop()
    await parts?.sandbox.close()
    dir.remove()
  })

  /** A Retrieve on a new environment with this proxy setting, and the activity entry it left. */
  async function retrieveWith(name: string, proxy: ProxySettingInput): Promise<ActivityEntry> {
    const { t, sandbox, ca, client, front } = started()
    const id = await networkEnvironment(t, front.baseUrl, {
      name,
      proxy,
      tls: { caFile: ca.certPath, client: { certFile: client.certPath, keyFile: client.keyPath } },
      secrets: {
        ...sandbox.credentials,
        ...(proxy.mode === 'url' && proxy.username ? { proxyPassword: login.password } : {}),
      },
    })
    await t.ok('environments:select', { id })
    await t.call('users:retrieve', { token: 'nobody-here' })
    const [entry] = (await t.ok('activity:list')).entries
    if (entry === undefined) throw new Error('the call left no activity entry')
    expect(entry.status).toBe(404)
    return entry
  }

  /** The command as copied, run by bash from the folder of its files, with the secrets set. */
  async function runCopy(entry: ActivityEntry, variables: Record<string, string> = {}) {
    const { sandbox, ca } = started()
    const command = `${toCurlCommand(entry)} -o /dev/null -w '%{http_code}'`
    const { stdout } = await promisify(execFile)('bash', ['-c', command], {
      cwd: dirname(ca.certPath),
      env: {
        ...withoutProxyVariables(),
        API_KEY: sandbox.credentials.apiKey,
        SECRET_KEY: sandbox.credentials.secretKey,
        PROXY_PASSWORD: login.password,
        ...variables,
      },
    })
    return { command, status: stdout }
  }

  it('through a proxy with a login, with a CA file and a client certificate', async () => {
    const { guarded, front } = started()
    const entry = await retrieveWith('Proxy with login', {
      mode: 'url',
      url: guarded.url,
      username: login.user,
    })
    const before = guarded.tunnels().length
    const { command, status } = await runCopy(entry)
    expect(status, command).toBe('404')
    expect(guarded.tunnels().slice(before)).toEqual([new URL(front.baseUrl).host])
    expect(command).not.toContain(login.password)
  })

  it('straight for None, though the shell names a proxy that would refuse it', async () => {
    const { guarded } = started()
    const entry = await retrieveWith('None', { mode: 'none' })
    const before = guarded.tunnels().length
    const { command, status } = await runCopy(entry, { HTTPS_PROXY: guarded.url })
    expect(status, command).toBe('404')
    expect(guarded.tunnels()).toHaveLength(before)
  })

  it('through the proxy the variables name, with the login in them', async () => {
    const { guarded } = started()
    const proxy = new URL(guarded.url)
    proxy.username = login.user
    proxy.password = login.password
    const variables = { HTTPS_PROXY: proxy.href }
    const entry = await withVariables(variables, () => retrieveWith('System', { mode: 'system' }))
    expect(entry.routedBy).toBe('variables')
    const before = guarded.tunnels().length
    const { command, status } = await runCopy(entry, variables)
    expect(status, command).toBe('404')
    expect(guarded.tunnels()).toHaveLength(before + 1)
    expect(command).not.toContain(login.password)
  })
})
