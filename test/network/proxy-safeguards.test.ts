import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { said } from '../../src-shared/messages'
import { createActivityLog, type ActivityLog } from '../../src-main/core/activity-log'
import { createExchange, type ServiceTarget } from '../../src-main/core/http-exchange'
import type { Route } from '../../src-main/core/network/route'
import { createServiceClient } from '../../src-main/core/service-client'
import { failureOf } from '../helpers/app-failure'
import { startForwardProxy, type ForwardProxy } from '../helpers/forward-proxy'
import { startHostileServer, type HostileServer } from '../helpers/hostile-server'
import { targetFor } from '../helpers/service-target'

const RECORD = { token: 'zipped', status: 2 }

/** A service that answers in gzip, and one path that redirects to another server. */
async function startPlainService(redirectTo: string): Promise<Server> {
  const server = createServer((request, response) => {
    if (request.url?.includes('/moved')) {
      response.writeHead(302, { location: `${redirectTo}/api/v3/pendingCompanyUsers/moved` })
      response.end()
      return
    }
    response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
    response.end(gzipSync(JSON.stringify(RECORD)))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return server
}

const urlOf = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`

describe('through a proxy, the same safeguards as straight', () => {
  let proxy: ForwardProxy
  let hostile: HostileServer
  let service: Server
  let elsewhere: Server
  let elsewhereHits = 0
  let activity: ActivityLog
  const route = (): Route => ({
    via: 'proxy',
    proxyUrl: proxy.url,
    shownAs: proxy.url,
    because: 'setting',
  })

  beforeAll(async () => {
    proxy = await startForwardProxy()
    hostile = await startHostileServer()
    elsewhere = createServer((_, response) => {
      elsewhereHits += 1
      response.end('{}')
    })
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve))
    service = await startPlainService(urlOf(elsewhere))
  })
  afterAll(async () => {
    await hostile.close()
    await Promise.all([service, elsewhere].map((s) => new Promise((r) => s.close(r))))
    await proxy.stop()
  })
  beforeEach(() => {
    activity = createActivityLog()
  })

  function clientFor(baseUrl: string, overrides: Partial<ServiceTarget> = {}) {
    const target = targetFor(
      { baseUrl, credentials: hostile.credentials },
      { route: route(), ...overrides },
    )
    return createServiceClient(
      createExchange(target, activity, { maxAttempts: 1, sleep: () => Promise.resolve() }),
    )
  }

  it('stops reading an answer larger than the limit, and drops the connection', async () => {
    const before = hostile.abandoned()
    const error = await failureOf(
      clientFor(hostile.baseUrlFor('gzip-bomb'), { timeoutMs: 15_000 }).retrieve('someone'),
    )
    expect(error.message).toContain('larger than the 4096 KiB this environment allows')
    await vi.waitFor(() => expect(hostile.abandoned()).toBeGreaterThan(before))
    expect(activity.list()[0]?.proxy).toBe(proxy.url)
  })

  it('ends an endless body at the deadline', async () => {
    const error = await failureOf(
      clientFor(hostile.baseUrlFor('trickle'), { timeoutMs: 500 }).retrieve('someone'),
    )
    expect(error.code).toBe('TIMEOUT')
  })

  it('decodes a gzip answer', async () => {
    expect(await clientFor(urlOf(service)).retrieve('zipped')).toMatchObject(RECORD)
  })

  it('never follows a redirect: the secret headers go nowhere else', async () => {
    const error = await failureOf(clientFor(urlOf(service)).retrieve('moved'))
    expect(error.message).toContain('302')
    expect(elsewhereHits).toBe(0)
    expect(proxy.requests().some((line) => line.includes('/moved'))).toBe(true)
    expect(activity.list()).toMatchObject([
      { status: 302, operation: said('operationRetrieveUser') },
    ])
  })
})
