import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { DEFAULT_TLS, secretBinding, type EnvironmentKind } from '../../src-shared/environments'
import { startTestCore, type TestCore } from '../helpers/core'
import { describeWithTestKeyring } from '../helpers/test-keyring'

/** A server on this machine that records the apiKey of every request it gets. */
async function recordingServer() {
  const apiKeys: string[] = []
  const server = createServer((request, response) => {
    apiKeys.push(String(request.headers.apikey ?? ''))
    response.writeHead(404, { 'content-type': 'application/json' }).end('{}')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    apiKeys,
    close: () => new Promise((resolve) => server.close(resolve)),
  }
}

type Step =
  | { kind: 'move'; to: 0 | 1; as: EnvironmentKind; proxy: 'system' | 'none' }
  | { kind: 'set'; name: 'apiKey' | 'secretKey' }
  | { kind: 'send' }

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('move' as const),
    to: fc.constantFrom(0 as const, 1 as const),
    as: fc.constantFrom<EnvironmentKind>('staging', 'sandbox'),
    // Both reach a server on this machine (no proxy variable is set here): only the route differs.
    proxy: fc.constantFrom('system' as const, 'none' as const),
  }),
  fc.record({
    kind: fc.constant('set' as const),
    name: fc.constantFrom('apiKey' as const, 'secretKey' as const),
  }),
  fc.record({ kind: fc.constant('send' as const) }),
)

describeWithTestKeyring('secrets bound to their route, under any sequence', () => {
  let t: TestCore
  let servers: Awaited<ReturnType<typeof recordingServer>>[]
  beforeAll(async () => {
    t = startTestCore()
    servers = [await recordingServer(), await recordingServer()]
  })
  afterAll(async () => {
    await t.stop()
    for (const server of servers) await server.close()
  })

  it('an apiKey reaches only the origin, kind and proxy setting it was set for', async () => {
    let run = 0
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        run += 1
        let at: 0 | 1 = 0
        let kind: EnvironmentKind = 'staging'
        let proxy: 'system' | 'none' = 'system'
        const profile = () => ({
          name: `Bound ${run}`,
          baseUrl: servers[at]?.baseUrl ?? '',
          kind,
          userTokenScheme: 'plain' as const,
          timeoutMs: 5000,
          proxy: { mode: proxy },
        })
        const route = (baseUrl: string) =>
          secretBinding({ ...profile(), baseUrl, tls: DEFAULT_TLS })
        const { id } = await t.ok('environments:save', profile())
        /** What each apiKey value was set for, as the model sees it. */
        const setFor = new Map<string, string>()
        let sets = 0
        const set = async (name: 'apiKey' | 'secretKey') => {
          sets += 1
          const value = `${name}-${run}-${sets}-value`
          await t.ok('environments:setSecret', { id, name, value })
          setFor.set(value, route(profile().baseUrl))
        }
        // Both set from the start: any move then send would carry them.
        await set('apiKey')
        await set('secretKey')
        for (const next of steps) {
          if (next.kind === 'move') {
            at = next.to
            kind = next.as
            proxy = next.proxy
            await t.ok('environments:save', { ...profile(), id })
          } else if (next.kind === 'set') {
            await set(next.name)
          } else {
            const before = servers.map((server) => server.apiKeys.length)
            await t.call('environments:testConnection', { id })
            // Whatever reached either server was set for that server, as the kind and through
            // the route it is now.
            servers.forEach((server, index) => {
              for (const apiKey of server.apiKeys.slice(before[index]))
                expect(setFor.get(apiKey)).toBe(route(server.baseUrl))
            })
          }
        }
        await t.ok('environments:delete', { id })
      }),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 10) },
    )
  })
})
