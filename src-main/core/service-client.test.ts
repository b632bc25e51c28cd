import { randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createUserTokenHasher } from '../../src-shared/service'
import { startTestSandbox, type TestSandbox } from '../../test/helpers/sandbox'
import { targetFor } from '../../test/helpers/service-target'
import { answering, drained, socketFailure } from '../../test/helpers/transports'
import { createActivityLog, type ActivityLog } from './activity-log'
import { failureOf } from '../../test/helpers/app-failure'
import { createExchange, type ExchangeOptions, type ServiceTarget } from './http-exchange'
import { nodeHttpTransport } from './http-transport'
import { createServiceClient } from './service-client'

let sandbox: TestSandbox
let activity: ActivityLog
let waits: number[]

beforeAll(async () => {
  sandbox = await startTestSandbox({ random: () => 0 })
})
afterAll(() => sandbox.stop())
beforeEach(() => {
  activity = createActivityLog()
  waits = []
  sandbox.setFaults({ latencyMs: 0, errorRate: 0, rateLimitRate: 0, dropRate: 0 })
})

function clientWith(options: ExchangeOptions = {}, target: Partial<ServiceTarget> = {}) {
  const exchange = createExchange(targetFor(sandbox, target), activity, {
    sleep: (ms) => {
      waits.push(ms)
      return Promise.resolve()
    },
    ...options,
  })
  return createServiceClient(exchange)
}

const token = () => `client-${randomUUID()}`

describe('the four calls against the sandbox', () => {
  it('creates, retrieves, updates and authenticates', async () => {
    const client = clientWith()
    const t = token()
    const created = await client.create({
      token: t,
      status: 2,
      firstname: 'Ana',
      mobile_phone: '600111222',
    })
    expect(created).toMatchObject({ record: { token: t, firstname: 'Ana' }, note: null })
    expect(await client.retrieve(t)).toMatchObject({ mobile_phone: '+34600111222' })
    const updated = await client.update(t, { status: 0, lastname: 'Ruiz' })
    expect(updated.record).toMatchObject({ status: 0, firstname: 'Ana', lastname: 'Ruiz' })
    const hash = await createUserTokenHasher('hmac-sha256-hex', sandbox.credentials.userTokenSecret)
    const session = await client.authenticate({
      installationGuid: randomUUID(),
      userToken: await hash(t),
    })
    expect(session.jwt.split('.')).toHaveLength(3)
  })

  it('maps bad credentials, unknown tokens and duplicates to their codes', async () => {
    const t = token()
    expect((await failureOf(clientWith({}, { apiKey: 'wrong-api-key' }).retrieve(t))).code).toBe(
      'UNAUTHORIZED',
    )
    expect((await failureOf(clientWith().retrieve(t))).code).toBe('NOT_FOUND')
    await clientWith().create({ token: t, status: 0 })
    const duplicate = await failureOf(clientWith().create({ token: t, status: 0 }))
    expect(duplicate).toMatchObject({
      code: 'CONFLICT',
      status: 409,
      fieldErrors: { token: [expect.objectContaining({ id: 'sandbox.tokenTaken' })] },
    })
  })

  it('reads per-field errors out of the service problem body', async () => {
    const invalid = { token: token(), status: 1, nid_number: '12345678A' } as never
    const error = await failureOf(clientWith().create(invalid))
    expect(error.code).toBe('VALIDATION')
    expect(Object.keys(error.fieldErrors ?? {}).sort()).toEqual(['nid_number', 'status'])
  })
})

describe('retries', () => {
  it('retries a GET on 5xx with backoff, then reports SERVER', async () => {
    sandbox.setFaults({ errorRate: 1 })
    const error = await failureOf(clientWith().retrieve(token()))
    expect(error).toMatchObject({ code: 'SERVER', status: 503 })
    expect(activity.list()).toHaveLength(3)
    expect(waits).toHaveLength(2)
    expect(waits[1]).toBeGreaterThan(waits[0] ?? Infinity)
  })

  it('honours Retry-After on 429 and then succeeds', async () => {
    const t = token()
    await clientWith().create({ token: t, status: 2 })
    sandbox.setFaults({ rateLimitRate: 1, retryAfterSeconds: 7 })
    const client = clientWith({
      sleep: (ms) => {
        waits.push(ms)
        sandbox.setFaults({ rateLimitRate: 0 })
        return Promise.resolve()
      },
    })
    expect(await client.retrieve(t)).toMatchObject({ token: t })
    expect(waits).toEqual([7000])
  })

  it('never re-sends a Create on 429: it reports RATE_LIMITED with the wait', async () => {
    sandbox.setFaults({ rateLimitRate: 1, retryAfterSeconds: 3 })
    const error = await failureOf(clientWith().create({ token: token(), status: 0 }))
    expect(error.code).toBe('RATE_LIMITED')
    expect(error.message).toContain('Retry after 3 s')
    expect(activity.list()).toHaveLength(1)
  })

  it('gives up on a call that outlasts its timeout with TIMEOUT', async () => {
    sandbox.setFaults({ latencyMs: 600 })
    const error = await failureOf(
      clientWith({ maxAttempts: 1 }, { timeoutMs: 200 }).retrieve(token()),
    )
    expect(error.code).toBe('TIMEOUT')
  })

  it('reports an unreachable URL as NETWORK', async () => {
    const error = await failureOf(
      clientWith({}, { baseUrl: 'http://127.0.0.1:9' }).retrieve(token()),
    )
    expect(error.code).toBe('NETWORK')
  })
})

describe('a Create whose answer is lost', () => {
  it('is reconciled by a Retrieve, never re-sent: "created"', async () => {
    const t = token()
    sandbox.setFaults({ dropRate: 1 })
    const client = clientWith({
      transport: async (call, signal) => {
        try {
          return await nodeHttpTransport(call, signal)
        } finally {
          if (call.method === 'POST') sandbox.setFaults({ dropRate: 0 })
        }
      },
    })
    const result = await client.create({ token: t, status: 2, firstname: 'Once' })
    expect(result.record).toMatchObject({ token: t, firstname: 'Once' })
    expect(result.note).toMatchObject({ id: 'service.createConfirmed' })
    expect(activity.list().map((e) => e.method)).toEqual(['GET', 'POST'])
  })

  it('says "not created" when the Retrieve finds nothing', async () => {
    const client = clientWith({
      transport: (call, signal) =>
        call.method === 'POST'
          ? Promise.reject(socketFailure('ECONNRESET'))
          : nodeHttpTransport(call, signal),
    })
    const error = await failureOf(client.create({ token: token(), status: 0 }))
    expect(error.code).toBe('NETWORK')
    expect(error.message).toContain('NOT created')
  })

  it('does not claim "created" for a different user that already had the token', async () => {
    const t = token()
    await clientWith().create({ token: t, status: 3, firstname: 'Someone else' })
    const client = clientWith({
      transport: (call, signal) =>
        call.method === 'POST'
          ? Promise.reject(socketFailure('ECONNRESET'))
          : nodeHttpTransport(call, signal),
    })
    const error = await failureOf(client.create({ token: t, status: 0, firstname: 'Me' }))
    expect(error.code).toBe('OUTCOME_UNKNOWN')
  })
})

describe('tolerant reading of answers', () => {
  it('re-reads the record after a write answered without a body', async () => {
    const t = token()
    await clientWith().create({ token: t, status: 2 })
    const client = clientWith({
      transport: async (call, signal) => {
        const response = await nodeHttpTransport(call, signal)
        if (call.method !== 'PUT') return response
        await drained(response)
        return answering(204)(call, signal)
      },
    })
    const result = await client.update(t, { status: 0 })
    expect(result.record.status).toBe(0)
    expect(result.note).toMatchObject({ id: 'service.recordNotInAnswer' })
  })

  it('turns a plain-text error into SERVER with what the service said', async () => {
    const client = clientWith({
      maxAttempts: 1,
      transport: answering(502, 'upstream exploded'),
    })
    const error = await failureOf(client.retrieve(token()))
    expect(error).toMatchObject({ code: 'SERVER', status: 502 })
    expect(error.message).toContain('upstream exploded')
  })

  it('reports a 2xx that is not a record as UNEXPECTED_RESPONSE', async () => {
    const client = clientWith({
      transport: answering(200, '{"hello":"world"}', { 'content-type': 'application/json' }),
    })
    expect((await failureOf(client.retrieve(token()))).code).toBe('UNEXPECTED_RESPONSE')
  })

  it('does not follow a redirect with the secret headers', async () => {
    const listening = (server: Server) =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        ),
      )
    const reachedElsewhere: (string | undefined)[] = []
    const elsewhere = createServer((request, response) => {
      reachedElsewhere.push(request.headers.secretkey as string | undefined)
      response.end('{}')
    })
    const elsewhereUrl = await listening(elsewhere)
    const redirecting = createServer((_request, response) => {
      response.writeHead(302, { location: `${elsewhereUrl}/api/v3/pendingCompanyUsers/x` })
      response.end()
    })
    const redirectingUrl = await listening(redirecting)
    try {
      const client = clientWith({}, { baseUrl: redirectingUrl })
      expect((await failureOf(client.retrieve(token()))).code).toBe('UNEXPECTED_RESPONSE')
      expect(reachedElsewhere).toEqual([])
    } finally {
      for (const server of [elsewhere, redirecting]) {
        server.closeAllConnections()
        server.close()
      }
    }
  })
})

describe('connection test', () => {
  it('tells good credentials from bad ones from an unreachable URL', async () => {
    expect((await clientWith().testConnection()).outcome).toBe('ok')
    expect((await clientWith({}, { secretKey: 'wrong-secret-key' }).testConnection()).outcome).toBe(
      'unauthorized',
    )
    expect((await clientWith({}, { baseUrl: 'http://127.0.0.1:9' }).testConnection()).outcome).toBe(
      'unreachable',
    )
  })
})

describe('activity log', () => {
  it('keeps every call with its secrets replaced by shell variables', async () => {
    await clientWith().create({
      token: token(),
      status: 0,
      description: sandbox.credentials.secretKey,
    })
    const [entry] = activity.list()
    expect(entry).toMatchObject({
      method: 'POST',
      status: 201,
      operation: { id: 'operation.createUser' },
    })
    expect(entry?.requestHeaders).toMatchObject({ apiKey: '$API_KEY', secretKey: '$SECRET_KEY' })
    const serialized = JSON.stringify(activity.list())
    for (const secret of Object.values(sandbox.credentials))
      expect(serialized).not.toContain(secret)
  })
})
