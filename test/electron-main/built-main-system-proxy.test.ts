// The built main process's System mode, under the recording stand-in for electron (see
// built-main-harness.ts): the window's session, asked for each environment's base URL, decides
// the route of its calls, whatever the HTTPS_PROXY family of variables says. Two real tinyproxies
// on loopback: the one the session names, and the one the variables name.
import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import type { IncomingMessage, Server } from 'node:http'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startSandbox, type RunningSandbox } from '../../src-sandbox/server'
import { startForwardProxy, type ForwardProxy } from '../helpers/forward-proxy'
import { describeWithTestKeyring, throwawayKeychainService } from '../helpers/test-keyring'
import { testCertificate } from '../helpers/tls-certificate'
import { argsOf, invoke, TRUSTED, useStandInChildren } from './built-main-harness'
import type { StandInChild } from './stand-in-child'

const TOKEN = 'ana-behind-the-proxy'

/**
 * The requests each loopback port's HTTP server received in this process, as "METHOD path", and
 * "via …" after it when a proxy brought it (tinyproxy says so in a Via header).
 */
const received = new Map<number, string[]>()
const SERVER_REQUESTS = 'http.server.request.start'
function onServerRequest(message: unknown): void {
  const { request, server } = message as { request: IncomingMessage; server: Server }
  const address = server.address()
  if (typeof address !== 'object' || address === null) return
  received.set(address.port, [
    ...(received.get(address.port) ?? []),
    [request.method, request.url, ...(request.headers.via ? [`via ${request.headers.via}`] : [])]
      .filter(Boolean)
      .join(' '),
  ])
}

describeWithTestKeyring(
  "the built main process's System mode: the window's session decides",
  () => {
    const children = useStandInChildren()
    const sandboxes: RunningSandbox[] = []
    let parts: { child: StandInChild; system: ForwardProxy; variables: ForwardProxy } | undefined
    const started = () => {
      if (!parts) throw new Error('the proxies and the main process start in beforeAll')
      return parts
    }

    beforeAll(async () => {
      subscribe(SERVER_REQUESTS, onServerRequest)
      const [system, variables] = await Promise.all([startForwardProxy(), startForwardProxy()])
      // The variables name a proxy of their own, so a call that followed them would be seen there.
      const child = await children.startChild({
        // The sandboxes serve https with the test's certificate (plain http never meets a proxy).
        NODE_EXTRA_CA_CERTS: testCertificate().certPath,
        INTEGRATOR_CONSOLE_USER_DATA: children.tempDir('stand-in-data'),
        INTEGRATOR_CONSOLE_KEYCHAIN_SERVICE: throwawayKeychainService(),
        HTTPS_PROXY: variables.url,
        HTTP_PROXY: variables.url,
        https_proxy: variables.url,
        http_proxy: variables.url,
        NO_PROXY: '',
        no_proxy: '',
      })
      await child.request({ kind: 'ready' })
      parts = { child, system, variables }
    })
    afterAll(async () => {
      unsubscribe(SERVER_REQUESTS, onServerRequest)
      await Promise.all(sandboxes.map((sandbox) => sandbox.close()))
      await Promise.all([parts?.system.stop(), parts?.variables.stop()])
    })

    /**
     * A staging sandbox of its own (https on loopback, one user) whose URL the session answers with
     * `pacAnswer`; through the page's IPC, an environment on it in System mode is added, given its
     * secrets and selected, and the user retrieved. What each party saw of that one call.
     */
    async function retrieveWhenTheSessionSays(pacAnswer: string) {
      const { child, system, variables } = started()
      const sandbox = await startSandbox({
        port: 0,
        databasePath: ':memory:',
        tls: testCertificate(),
        seed: [{ token: TOKEN, status: 2, firstname: 'Ana' }],
      })
      sandboxes.push(sandbox)
      // What the sandbox asked itself while starting (its warm-up) is not the call's.
      const startedWith = received.get(sandbox.port)?.length ?? 0
      await child.request({
        kind: 'system-proxy-answers',
        answers: { [sandbox.baseUrl]: pacAnswer },
      })
      const saved = await invoke(child, 'environments:save', TRUSTED, {
        name: `Staging ${String(sandboxes.length)}`,
        baseUrl: sandbox.baseUrl,
        kind: 'staging',
        userTokenScheme: 'hmac-sha256-hex',
        timeoutMs: 5000,
        proxy: { mode: 'system' },
      })
      if (!saved.ok) throw new Error(saved.error.said.text)
      const { id, baseUrl } = saved.data
      for (const [name, value] of Object.entries(sandbox.credentials))
        await invoke(child, 'environments:setSecret', TRUSTED, { id, name, value })
      await invoke(child, 'environments:select', TRUSTED, { id })
      const asked = argsOf(await child.request({ kind: 'recording' }), 'session.resolveProxy')
      const seen = { system: system.requests().length, variables: variables.requests().length }
      const answer = await invoke(child, 'users:retrieve', TRUSTED, { token: TOKEN })
      const activity = await invoke(child, 'activity:list', TRUSTED)
      if (!activity.ok) throw new Error(activity.error.said.text)
      return {
        baseUrl,
        answer,
        askedSession: argsOf(await child.request({ kind: 'recording' }), 'session.resolveProxy')
          .slice(asked.length)
          .map(([url]) => url),
        system: system.requests().slice(seen.system),
        variables: variables.requests().slice(seen.variables),
        service: (received.get(sandbox.port) ?? []).slice(startedWith),
        entries: activity.data.entries.filter((entry) => entry.url.startsWith(`${baseUrl}/`)),
      }
    }

    it("goes through the proxy the session answers for the environment's URL, and says so", async () => {
      const { system } = started()
      const seen = await retrieveWhenTheSessionSays(`PROXY ${new URL(system.url).host}; DIRECT`)
      expect(seen.askedSession).toEqual([seen.baseUrl])
      expect(seen.system).toEqual([`CONNECT ${new URL(seen.baseUrl).host}`])
      expect(seen.variables).toEqual([])
      // The page has the user, and the activity log says which proxy brought it.
      expect({ answer: seen.answer, entries: seen.entries }).toMatchObject({
        answer: { ok: true, data: { token: TOKEN } },
        entries: [{ status: 200, proxy: system.url }],
      })
    })

    it('goes straight when the session answers DIRECT, though the variables name a proxy', async () => {
      const seen = await retrieveWhenTheSessionSays('DIRECT')
      expect(seen.askedSession).toEqual([seen.baseUrl])
      expect([...seen.system, ...seen.variables]).toEqual([])
      // Straight to the service: no proxy's Via on the one request it received.
      expect(seen.service).toEqual([expect.stringMatching(/^GET \/\S*$/)])
      expect({ answer: seen.answer, entries: seen.entries }).toMatchObject({
        answer: { ok: true, data: { token: TOKEN } },
        entries: [{ status: 200, proxy: null }],
      })
    })

    it('says a SOCKS4 proxy the session answers cannot be used, and sends nothing', async () => {
      const seen = await retrieveWhenTheSessionSays('SOCKS 127.0.0.1:1')
      expect(seen.answer).toMatchObject({
        ok: false,
        error: {
          code: 'NETWORK',
          said: {
            id: 'network.systemProxyUnsupported',
            values: { url: seen.baseUrl, proxy: 'SOCKS 127.0.0.1:1' },
          },
        },
      })
      expect(seen.askedSession).toEqual([seen.baseUrl])
      expect([...seen.system, ...seen.variables, ...seen.service]).toEqual([])
      expect(seen.entries).toEqual([])
    })
  },
)
