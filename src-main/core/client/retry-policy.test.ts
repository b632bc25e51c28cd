import { said } from '../../../src-shared/messages'
import { describe, expect, it } from 'vitest'
import { answering } from '../../../test/helpers/transports'
import { targetFor } from '../../../test/helpers/service-target'
import { createActivityLog } from '../activity/activity-log'
import { createExchange } from './retried-call'
import type { Transport } from './http-request'
import {
  backoffMs,
  CALL_RETRIES,
  maySendAgain,
  retriedByCaller,
  retryBudget,
  retryWait,
  ROW_RETRIES,
} from './retry-policy'

/** What the exchange is told the call is for: any operation will do. */
const PROBE = said('operationRetrieveUser')

const never = () => 0
const always = () => 0.999

describe('the wait before a send again', () => {
  it('doubles from 250 ms after each failure, with up to 250 ms of jitter, up to its cap', () => {
    expect([1, 2, 3, 4].map((failures) => backoffMs(ROW_RETRIES, failures, never))).toEqual([
      250, 500, 1000, 2000,
    ])
    expect(backoffMs(ROW_RETRIES, 3, always)).toBeCloseTo(1249.75)
    expect(backoffMs(ROW_RETRIES, 20, never)).toBe(30_000)
  })

  it.each([
    ['a call, Retry-After 7 s', CALL_RETRIES, 7_000, { ms: 7_000, beyondCap: false }],
    ['a call, Retry-After 1 h', CALL_RETRIES, 3_600_000, { ms: 30_000, beyondCap: true }],
    ['a row, Retry-After 1 h', ROW_RETRIES, 3_600_000, { ms: 300_000, beyondCap: true }],
    ['a row, no Retry-After', ROW_RETRIES, undefined, { ms: 500, beyondCap: false }],
  ] as const)("honours the service's Retry-After up to the cap: %s", (_, policy, after, wait) => {
    expect(retryWait(policy, 2, after, never)).toEqual(wait)
  })
})

describe('what may be sent again', () => {
  const lost = { noAnswer: { sent: true, tls: false } }
  const notSent = { noAnswer: { sent: false, tls: false } }
  const tls = { noAnswer: { sent: false, tls: true } }
  // [failure, GET, PUT, POST]
  it.each([
    ['429', { status: 429 }, true, true, true],
    ['502', { status: 502 }, true, true, false],
    ['503', { status: 503 }, true, true, false],
    ['504', { status: 504 }, true, true, false],
    ['500', { status: 500 }, false, false, false],
    ['404', { status: 404 }, false, false, false],
    ['409', { status: 409 }, false, false, false],
    ['answer lost', lost, true, true, false],
    ['connection never made', notSent, true, true, true],
    ['certificate refused', tls, false, false, false],
  ] as const)('%s: GET %s, PUT %s, POST %s', (_, failure, get, put, post) => {
    expect([
      maySendAgain(failure, 'GET'),
      maySendAgain(failure, 'PUT'),
      maySendAgain(failure, 'POST'),
    ]).toEqual([get, put, post])
  })
})

describe('one budget', () => {
  it('allows a row eight sends, whichever of its calls fail', () => {
    const budget = retryBudget(ROW_RETRIES)
    const allowed = Array.from({ length: 8 }, () => budget.fail())
    expect(allowed).toEqual([true, true, true, true, true, true, true, false])
    expect(budget).toMatchObject({ failures: 8, spent: true })
  })
})

describe('who retries', () => {
  function countingExchange(answer: Transport) {
    let sends = 0
    const transport: Transport = (request, signal) => {
      sends += 1
      return answer(request, signal)
    }
    const server = {
      baseUrl: 'http://127.0.0.1:9',
      credentials: {
        apiKey: 'k'.repeat(16),
        secretKey: 's'.repeat(16),
        userTokenSecret: 'u'.repeat(16),
      },
    }
    const exchange = createExchange(targetFor(server), createActivityLog(), {
      transport,
      sleep: () => Promise.resolve(),
    })
    return { exchange, sends: () => sends }
  }

  it('the exchange sends a GET three times at most to a service answering 503', async () => {
    const { exchange, sends } = countingExchange(answering(503))
    expect((await exchange.sendIdempotent(PROBE, 'GET', '/')).status).toBe(503)
    expect(sends()).toBe(CALL_RETRIES.attempts)
  })

  it('inside a bulk row it sends once and leaves the retrying to the run', async () => {
    const { exchange, sends } = countingExchange(answering(503))
    const answer = await retriedByCaller(() => exchange.sendIdempotent(PROBE, 'PUT', '/', {}))
    expect(answer.status).toBe(503)
    expect(sends()).toBe(1)
  })

  it('a Retry-After beyond its 30 s ends the call at once, with the 429', async () => {
    const { exchange, sends } = countingExchange(answering(429, '', { 'retry-after': '31' }))
    expect((await exchange.sendIdempotent(PROBE, 'GET', '/')).status).toBe(429)
    expect(sends()).toBe(1)
  })
})
