// The deadline holds through any proxy: one that accepts and never answers, and one that
// answers CONNECT only after the deadline. The call ends at its deadline, told as not sent, and
// no request reaches the service afterwards.
import { createServer as createHttpServer, type IncomingMessage } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { createActivityLog } from '../../src-main/core/activity/activity-log'
import { createExchange } from '../../src-main/core/client/retried-call'
import { createServiceClient } from '../../src-main/core/client/service-client'
import { withdrawnOn } from '../../src-main/core/client/call-withdrawal'
import { failureOf } from '../helpers/app-failure'
import { targetFor } from '../helpers/service-target'
import { trustTestCertificate } from '../helpers/tls-certificate'

const CREDENTIALS = {
  apiKey: 'deadline-api-1',
  secretKey: 'deadline-secret-1',
  userTokenSecret: 'deadline-hash-1',
}
const port = (server: { address(): unknown }) => (server.address() as AddressInfo).port

let requests = 0
/** Answers at once, or, while `holding`, once the test lets it. */
let holding = false
let release: () => void = () => undefined
const service = createHttpsServer(trustTestCertificate(), (_, response) => {
  requests++
  if (holding) release = () => response.end('{}')
  else response.end('{}')
})
/** Accepts every connection and says nothing, ever. */
let entered = 0
const blackHole: Server = createServer((socket) => {
  entered++
  socket.on('error', () => undefined)
})
/** Answers CONNECT once the test lets it, then carries the tunnel to the service. */
let answered = 0
let upstreamClosed = 0
let answerNow: () => void = () => undefined
const lateProxy = createHttpServer()
lateProxy.on('connect', (_: IncomingMessage, client: Socket) => {
  client.on('error', () => undefined)
  answerNow = () => {
    const upstream = connect(port(service), '127.0.0.1', () => {
      answered++
      // A real proxy carries whatever the console's end still sends; one already gone, nothing.
      if (client.destroyed) upstream.end()
      else {
        client.write('HTTP/1.1 200 Connection established\r\n\r\n')
        upstream.pipe(client).pipe(upstream)
      }
    })
    upstream.on('error', () => undefined)
    upstream.once('close', () => upstreamClosed++)
    client.once('close', () => upstream.destroy())
  }
})

beforeAll(async () => {
  for (const server of [service, blackHole, lateProxy])
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
})
afterAll(() => {
  for (const server of [service, blackHole, lateProxy]) server.close()
})

function clientThrough(proxyPort: number | null, timeoutMs: number) {
  const proxyUrl = `http://127.0.0.1:${proxyPort}`
  const target = targetFor(
    { baseUrl: `https://127.0.0.1:${port(service)}`, credentials: CREDENTIALS },
    {
      timeoutMs,
      ...(proxyPort === null
        ? {}
        : { route: { via: 'proxy', proxyUrl, shownAs: proxyUrl, because: 'setting' } }),
    },
  )
  return createServiceClient(createExchange(target, createActivityLog(), { maxAttempts: 1 }))
}

async function timed<T>(work: Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now()
  const result = await work
  return { result, ms: performance.now() - started }
}

it('a proxy that never answers: the call ends at its deadline, nothing sent', async () => {
  const { result: error, ms } = await timed(
    failureOf(clientThrough(port(blackHole), 1000).retrieve('t-1')),
  )
  expect(error.code).toBe('TIMEOUT')
  expect(error.noAnswer).toEqual({ sent: false, tls: false })
  expect(ms).toBeGreaterThanOrEqual(990)
  expect(ms).toBeLessThan(2000)
})

it('a proxy that answers CONNECT after the deadline: the call ends at it, and no request follows', async () => {
  const { result: error, ms } = await timed(
    failureOf(clientThrough(port(lateProxy), 1000).retrieve('t-2')),
  )
  expect(error.code).toBe('TIMEOUT')
  expect(error.noAnswer).toEqual({ sent: false, tls: false })
  expect(ms).toBeLessThan(2000)
  // The proxy answers now, late: the console's side of the tunnel is gone, and nothing crosses.
  answerNow()
  await vi.waitFor(() => expect(upstreamClosed).toBe(1))
  expect(answered).toBe(1)
  expect(requests).toBe(0)
})

// A bulk run that stops gives up its calls still waiting for their connection (call-withdrawal.ts).
it('a call still waiting for its tunnel is given up at its withdrawal, told as not sent', async () => {
  const before = entered
  const withdraw = new AbortController()
  const call = withdrawnOn(withdraw.signal, () =>
    failureOf(clientThrough(port(blackHole), 60_000).retrieve('t-3')),
  )
  await vi.waitFor(() => expect(entered).toBe(before + 1), { timeout: 10_000 })
  withdraw.abort()
  const error = await call
  expect(error.noAnswer).toEqual({ sent: false, tls: false })
  expect(error.said.text).toMatch(/^Not sent: the run stopped before the connection to https:/)
})

it('a call already sent is not withdrawn: its answer is waited for', async () => {
  const sentBefore = requests
  holding = true
  const withdraw = new AbortController()
  const call = withdrawnOn(withdraw.signal, () =>
    failureOf(clientThrough(null, 60_000).retrieve('t-4')),
  )
  await vi.waitFor(() => expect(requests).toBe(sentBefore + 1), { timeout: 10_000 })
  withdraw.abort()
  holding = false
  release()
  // Its answer (not a user record, `{}`) was read and judged.
  expect(await call).toMatchObject({ code: 'UNEXPECTED_RESPONSE', status: 200 })
})
