import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createUserTokenHasher } from '../../../src-shared/service'
import { failureOf } from '../../../test/helpers/app-failure'
import { clientWorld } from '../../../test/helpers/client-world'
import { socketFailure } from '../../../test/helpers/transports'
import { nodeHttpTransport } from './http-request'

const world = clientWorld()
const { clientWith, token } = world

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
    const hash = await createUserTokenHasher(
      'hmac-sha256-hex',
      world.sandbox.credentials.userTokenSecret,
    )
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
    world.sandbox.setFaults({ errorRate: 1 })
    const error = await failureOf(clientWith().retrieve(token()))
    expect(error).toMatchObject({ code: 'SERVER', status: 503 })
    expect(world.activity.list()).toHaveLength(3)
    expect(world.waits).toHaveLength(2)
    expect(world.waits[1]).toBeGreaterThan(world.waits[0] ?? Infinity)
  })

  it('honours Retry-After on 429 and then succeeds', async () => {
    const t = token()
    await clientWith().create({ token: t, status: 2 })
    world.sandbox.setFaults({ rateLimitRate: 1, retryAfterSeconds: 7 })
    const held: number[] = []
    const client = clientWith({
      sleep: (ms) => {
        held.push(ms)
        world.sandbox.setFaults({ rateLimitRate: 0 })
        return Promise.resolve()
      },
    })
    expect(await client.retrieve(t)).toMatchObject({ token: t })
    expect(held).toEqual([7000])
  })

  it('never re-sends a Create on 429: it reports RATE_LIMITED with the wait', async () => {
    world.sandbox.setFaults({ rateLimitRate: 1, retryAfterSeconds: 3 })
    const error = await failureOf(clientWith().create({ token: token(), status: 0 }))
    expect(error.code).toBe('RATE_LIMITED')
    expect(error.message).toContain('Retry after 3 s')
    expect(world.activity.list()).toHaveLength(1)
  })

  it('gives up on a call that outlasts its timeout with TIMEOUT', async () => {
    world.sandbox.setFaults({ latencyMs: 600 })
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
    world.sandbox.setFaults({ dropRate: 1 })
    const client = clientWith({
      transport: async (call, signal) => {
        try {
          return await nodeHttpTransport(call, signal)
        } finally {
          if (call.method === 'POST') world.sandbox.setFaults({ dropRate: 0 })
        }
      },
    })
    const result = await client.create({ token: t, status: 2, firstname: 'Once' })
    expect(result.record).toMatchObject({ token: t, firstname: 'Once' })
    expect(result.note).toMatchObject({ id: 'service.createConfirmed' })
    expect(world.activity.list().map((e) => e.method)).toEqual(['GET', 'POST'])
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
