import { createServer as createHttpServer, type Server } from 'node:http'
import { createServer, type Server as HttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { said } from '../../src-shared/messages'
import { createActivityLog, type ActivityLog } from '../../src-main/core/activity/activity-log'
import { createExchange } from '../../src-main/core/client/retried-call'
import { type ServiceTarget } from '../../src-main/core/client/send-once'
import type { Route } from '../../src-main/core/network/route'
import { createServiceClient } from '../../src-main/core/client/service-client'
import { failureOf } from '../helpers/app-failure'
import { startForwardProxy, type ForwardProxy } from '../helpers/forward-proxy'
import { targetFor } from '../helpers/service-target'
import { trustTestCertificate } from '../helpers/tls-certificate'

const RECORD = { token: 'zipped', status: 2 }
const CREDENTIALS = {
  apiKey: 'proxied-api-key-1',
  secretKey: 'proxied-secret-1',
  userTokenSecret: 'uts-12345678',
}

/**
 * An https service that misbehaves on some paths: an endless body, a body that trickles, a gzip
 * answer, a redirect to another server. It counts the answers a client walked away from.
 */
async function startService(redirectTo: string) {
  let abandoned = 0
  const server: HttpsServer = createServer(trustTestCertificate(), (request, response) => {
    const path = request.url ?? ''
    response.once('close', () => {
      if (!response.writableFinished) abandoned += 1
    })
    if (path.includes('/moved')) {
      response.writeHead(302, { location: `${redirectTo}/api/v3/pendingCompanyUsers/moved` }).end()
    } else if (path.includes('/flood')) {
      const chunk = Buffer.alloc(64 * 1024)
      const flood = () => {
        while (!response.destroyed && response.write(chunk));
        if (!response.destroyed) response.once('drain', flood)
      }
      response.writeHead(200, { 'content-type': 'application/json' })
      flood()
    } else if (path.includes('/trickle')) {
      response.writeHead(200, { 'content-type': 'application/json' })
      const timer = setInterval(() => response.write(' '), 50)
      response.once('close', () => clearInterval(timer))
    } else {
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' })
      response.end(gzipSync(JSON.stringify(RECORD)))
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    baseUrl: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    abandoned: () => abandoned,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

describe('through a proxy (a CONNECT tunnel), the same safeguards as straight', () => {
  let proxy: ForwardProxy
  let service: Awaited<ReturnType<typeof startService>>
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
    elsewhere = createHttpServer((_, response) => {
      elsewhereHits += 1
      response.end('{}')
    })
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve))
    service = await startService(`http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`)
  })
  afterAll(async () => {
    elsewhere.closeAllConnections()
    await new Promise((resolve) => elsewhere.close(resolve))
    await service.close()
    await proxy.stop()
  })
  beforeEach(() => {
    activity = createActivityLog()
  })

  function client(overrides: Partial<ServiceTarget> = {}) {
    const target = targetFor(
      { baseUrl: service.baseUrl, credentials: CREDENTIALS },
      { route: route(), ...overrides },
    )
    return createServiceClient(
      createExchange(target, activity, { maxAttempts: 1, sleep: () => Promise.resolve() }),
    )
  }

  it('stops reading an answer larger than the limit, and drops the connection', async () => {
    const before = service.abandoned()
    const error = await failureOf(client({ timeoutMs: 15_000 }).retrieve('flood'))
    expect(error.message).toContain('larger than the 4096 KiB this environment allows')
    await vi.waitFor(() => expect(service.abandoned()).toBeGreaterThan(before))
    expect(activity.list()[0]?.proxy).toBe(proxy.url)
    expect(proxy.tunnels()).toContain(new URL(service.baseUrl).host)
  })

  it('ends an endless body at the deadline', async () => {
    const error = await failureOf(client({ timeoutMs: 500 }).retrieve('trickle'))
    expect(error.code).toBe('TIMEOUT')
  })

  it('decodes a gzip answer', async () => {
    expect(await client().retrieve('zipped')).toMatchObject(RECORD)
  })

  it('never follows a redirect: the secret headers go nowhere else', async () => {
    const error = await failureOf(client().retrieve('moved'))
    expect(error.message).toContain('302')
    expect(elsewhereHits).toBe(0)
    expect(activity.list()).toMatchObject([
      { status: 302, operation: said('operationRetrieveUser') },
    ])
  })
})
