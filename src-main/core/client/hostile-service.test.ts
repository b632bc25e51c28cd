import { said } from '../../../src-shared/messages'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { toCurlCommand } from '../../../src-shared/activity'
import { ECHO_FORM_ROUTES } from '../../../test/helpers/credential-echoes'
import {
  startHostileServer,
  type HostileRoute,
  type HostileServer,
} from '../../../test/helpers/hostile-server'
import { secretLeaks } from '../../../test/helpers/secret-leaks'
import { targetFor } from '../../../test/helpers/service-target'
import { answering } from '../../../test/helpers/transports'
import { createActivityLog, type ActivityLog } from '../activity/activity-log'
import { AppError } from '../errors/app-error'
import { failureOf } from '../../../test/helpers/app-failure'
import { createExchange, type ExchangeOptions } from './retried-call'
import { type ServiceTarget } from './send-once'
import { secretValuesOf } from '../redaction/redact'
import { createServiceClient } from './service-client'

/** What the exchange is told the call is for: any operation will do. */
const PROBE = said('operationRetrieveUser')

const MB = 1000 * 1000
const RSS_BOUND = 300 * MB

let server: HostileServer
let activity: ActivityLog

beforeAll(async () => {
  server = await startHostileServer()
})
afterAll(() => server.close())
beforeEach(() => {
  activity = createActivityLog()
})

function targetOn(route: HostileRoute, overrides: Partial<ServiceTarget> = {}): ServiceTarget {
  return targetFor(
    { baseUrl: server.baseUrlFor(route), credentials: server.credentials },
    overrides,
  )
}

// One attempt and no real sleeping: a retry would only multiply the time each case takes.
function clientOn(
  route: HostileRoute,
  target: Partial<ServiceTarget> = {},
  options: ExchangeOptions = {},
) {
  const exchange = createExchange(targetOn(route, target), activity, {
    maxAttempts: 1,
    sleep: () => Promise.resolve(),
    ...options,
  })
  return createServiceClient(exchange)
}

function expectRssBounded(): void {
  expect(process.memoryUsage().rss).toBeLessThan(RSS_BOUND)
}

describe('answers too large to hold', () => {
  // A deadline far beyond what stopping takes: a TIMEOUT here would mean the body was read on.
  const patient = { timeoutMs: 15_000 }

  it.each<[HostileRoute, string]>([
    ['huge', 'a 2 GiB body'],
    ['gzip-bomb', 'a gzip bomb inflating to 2 GiB'],
    ['flood', 'an endless body that arrives fast'],
  ])('stops reading %s (%s) at the limit and drops the connection', async (route) => {
    const abandonedBefore = server.abandoned()
    const error = await failureOf(clientOn(route, patient).retrieve('someone'))
    expect(error).toMatchObject({ code: 'UNEXPECTED_RESPONSE', status: 200 })
    expect(error.message).toContain('larger than the 4096 KiB this environment allows')
    expect(error.message).toContain('Retrieve user')
    const [entry] = activity.list()
    expect(entry).toMatchObject({ status: 200, responseBody: null })
    expect(entry?.failure?.text).toContain('larger than the 4096 KiB')
    await vi.waitFor(() => expect(server.abandoned()).toBeGreaterThan(abandonedBefore))
    expectRssBounded()
  })

  it('applies the environment limit, whatever it is', async () => {
    const error = await failureOf(
      clientOn('huge', { ...patient, maxResponseBytes: 256 * 1024 }).retrieve('someone'),
    )
    expect(error.message).toContain('larger than the 256 KiB this environment allows')
    expectRssBounded()
  })

  it('never re-sends a Create whose answer is too large', async () => {
    const error = await failureOf(clientOn('huge', patient).create({ token: 'one', status: 0 }))
    expect(error.code).toBe('UNEXPECTED_RESPONSE')
    expect(activity.list().map((e) => e.method)).toEqual(['POST'])
    expectRssBounded()
  })
})

describe('an endless body that stays under the limit', () => {
  it('ends as TIMEOUT when the deadline passes mid-body', async () => {
    const error = await failureOf(clientOn('trickle', { timeoutMs: 500 }).retrieve('someone'))
    expect(error.code).toBe('TIMEOUT')
    expect(activity.list()[0]).toMatchObject({
      status: null,
      failure: { id: 'http.noAnswerWithin', values: { seconds: 0.5 } },
    })
    expectRssBounded()
  })
})

describe('the limit at its edge', () => {
  const limit = 1024
  const answeringWith = (body: string | Uint8Array[]): ExchangeOptions => ({
    transport: answering(200, body),
  })
  const exchangeWith = (options: ExchangeOptions) =>
    createExchange(targetOn('huge', { maxResponseBytes: limit }), activity, options)

  it('keeps an answer of exactly the limit and refuses one byte more', async () => {
    const exact = await exchangeWith(answeringWith('x'.repeat(limit))).sendOnce(PROBE, 'GET', '/')
    expect(exact.text).toHaveLength(limit)
    const over = exchangeWith(answeringWith('x'.repeat(limit + 1))).sendOnce(PROBE, 'GET', '/')
    await expect(over).rejects.toMatchObject({
      code: 'UNEXPECTED_RESPONSE',
      said: expect.objectContaining({
        text: expect.stringContaining('larger than the 1 KiB this environment allows'),
      }),
    })
  })

  it('counts bytes, not characters, and decodes characters split across chunks', async () => {
    const bytes = new TextEncoder().encode('ñandú')
    const split = Array.from(bytes, (byte) => Uint8Array.of(byte))
    expect((await exchangeWith(answeringWith(split)).sendOnce(PROBE, 'GET', '/')).text).toBe(
      'ñandú',
    )
    const wide = exchangeWith(answeringWith('ñ'.repeat(limit / 2 + 1))).sendOnce(PROBE, 'GET', '/')
    await expect(wide).rejects.toMatchObject({ code: 'UNEXPECTED_RESPONSE' })
  })
})

/** Everything a user or a log could see of one call: the error or result, the log, its cURL. */
function visibleText(outcome: unknown): string {
  const shown = outcome instanceof AppError ? outcome.toShape() : outcome
  const entries = activity.list()
  return [JSON.stringify(shown), JSON.stringify(entries), ...entries.map(toCurlCommand)].join('\n')
}

describe('answers that echo the credentials back', () => {
  function expectNoSecret(text: string): void {
    expect(text).not.toContain(server.credentials.apiKey)
    expect(text).not.toContain(server.credentials.secretKey)
  }

  const calls = {
    retrieve: (route: HostileRoute) => clientOn(route).retrieve('someone'),
    create: (route: HostileRoute) => clientOn(route).create({ token: 'someone', status: 0 }),
    update: (route: HostileRoute) => clientOn(route).update('someone', { status: 2 }),
  }

  describe.each<HostileRoute>(['echo-401', 'echo-422', 'echo-422-map', 'echo-500'])(
    '%s',
    (route) => {
      it.each(Object.entries(calls))('%s shows no secret value anywhere', async (_name, call) => {
        const error = await failureOf(call(route))
        expectNoSecret(visibleText(error))
      })
    },
  )

  it.each<HostileRoute>(['echo-401', 'echo-422', 'echo-500'])(
    'a connection test against %s shows no secret value anywhere',
    async (route) => {
      const result = await clientOn(route).testConnection()
      expect(result.outcome).not.toBe('ok')
      expectNoSecret(visibleText(result))
    },
  )

  it.each<HostileRoute>(['echo-422', 'echo-422-map'])(
    '%s with __proto__ and constructor field names answers VALIDATION',
    async (route) => {
      const error = await failureOf(clientOn(route).retrieve('someone'))
      expect(error).toMatchObject({ code: 'VALIDATION', status: 422 })
      expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    },
  )

  it('maps the echoing 401 and 500 to their codes', async () => {
    expect((await failureOf(clientOn('echo-401').retrieve('someone'))).code).toBe('UNAUTHORIZED')
    expect((await failureOf(clientOn('echo-500').retrieve('someone'))).code).toBe('SERVER')
  })
})

describe('credentials echoed in the forms services write them', () => {
  // A quote and a backslash, which JSON escapes; a space, which a form writes as "+"; longer than
  // what a clip keeps of a text around them.
  const credentials = {
    apiKey: `api"key\\${randomBytes(12).toString('hex')}`,
    secretKey: `sec\\ret "key ${randomBytes(12).toString('hex')}`,
  }
  const secrets = [credentials.apiKey, credentials.secretKey]

  function echoClient(route: HostileRoute) {
    const baseUrl = server.baseUrlFor(route)
    return clientOn(route, {
      ...credentials,
      secretValues: secretValuesOf(baseUrl, { ...credentials, userTokenSecret: null }),
    })
  }

  it.each(ECHO_FORM_ROUTES)(
    '%s: no form of a secret reaches the error or the log',
    async (route) => {
      const error = await failureOf(echoClient(route).retrieve('someone'))
      expect(error.code).toBe('UNAUTHORIZED')
      expect(error.message).toContain('$API_KEY')
      expect(secretLeaks(visibleText(error), secrets)).toEqual([])
    },
  )

  it.each(ECHO_FORM_ROUTES)('%s: nor the connection test', async (route) => {
    const result = await echoClient(route).testConnection()
    expect(result.outcome).toBe('unauthorized')
    expect(secretLeaks(visibleText(result), secrets)).toEqual([])
  })

  it('says a Basic credential as the pair of placeholders, in either order', async () => {
    const error = await failureOf(echoClient('echo-basic').retrieve('someone'))
    expect(error.message).toContain(
      'Basic $API_KEY:$SECRET_KEY refused; Basic $SECRET_KEY:$API_KEY',
    )
  })

  it('redacts a long echo before clipping it, so the clip cuts no secret in two', async () => {
    const error = await failureOf(echoClient('echo-long').retrieve('someone'))
    expect(error.message).toMatch(/Service said: \$API_KEY is not a key.*\$API_KEY/)
  })

  it('shows the form of every echo in one answer, field by field, without a secret', async () => {
    const error = await failureOf(echoClient('echo-forms').retrieve('someone'))
    expect(Object.keys(error.fieldErrors ?? {})).toEqual([...ECHO_FORM_ROUTES])
    expect(secretLeaks(visibleText(error), secrets)).toEqual([])
  })
})
