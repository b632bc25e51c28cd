import { describe, expect, it } from 'vitest'
import type { UserRecord } from '../../../src-shared/service'
import {
  afterRetrieve,
  createVerdict,
  lostAnswerMeans,
  runEnding,
  verdictOn,
  workerStep,
  type CallFailure,
} from './run-decisions'

const answered = (code: CallFailure['code'], status: number): CallFailure => ({
  code,
  status,
  noAnswer: undefined,
})
const noAnswer = (code: 'TIMEOUT' | 'NETWORK', sent: boolean, tls = false): CallFailure => ({
  code,
  status: undefined,
  noAnswer: { sent, tls },
})
const bare = (code: CallFailure['code']): CallFailure => ({
  code,
  status: undefined,
  noAnswer: undefined,
})

const FAILURES = {
  '401 credentials refused': answered('UNAUTHORIZED', 401),
  '403 forbidden': answered('FORBIDDEN', 403),
  'keychain unavailable': bare('KEYCHAIN_UNAVAILABLE'),
  'secret missing': bare('SECRET_MISSING'),
  'certificate refused': noAnswer('NETWORK', false, true),
  'connection refused (not sent)': noAnswer('NETWORK', false),
  'connect timeout (not sent)': noAnswer('TIMEOUT', false),
  'answer lost (connection reset)': noAnswer('NETWORK', true),
  'answer late (timeout after sending)': noAnswer('TIMEOUT', true),
  'Create lost, Retrieve found it absent': bare('NETWORK'),
  'Create lost, nothing could settle it': bare('OUTCOME_UNKNOWN'),
  '429 rate limited': answered('RATE_LIMITED', 429),
  '503 unavailable': answered('SERVER', 503),
  '504 gateway gave up': answered('SERVER', 504),
  '500 server error': answered('SERVER', 500),
  '409 conflict': answered('CONFLICT', 409),
  '404 no such user': answered('NOT_FOUND', 404),
  '422 invalid': answered('VALIDATION', 422),
  '200 not a record': answered('UNEXPECTED_RESPONSE', 200),
} as const

type Case = keyof typeof FAILURES

// [failure, idempotent call, idempotent call with its budget spent, Create, Create spent]
const VERDICTS: [Case, string, string, string, string][] = [
  ['401 credentials refused', 'stop', 'stop', 'stop', 'stop'],
  ['403 forbidden', 'stop', 'stop', 'stop', 'stop'],
  ['keychain unavailable', 'stop', 'stop', 'stop', 'stop'],
  ['secret missing', 'stop', 'stop', 'stop', 'stop'],
  ['certificate refused', 'stop', 'stop', 'stop', 'stop'],
  ['connection refused (not sent)', 'again', 'stop', 'again', 'stop'],
  ['connect timeout (not sent)', 'again', 'stop', 'again', 'stop'],
  ['answer lost (connection reset)', 'again', 'final', 'reconcile', 'unknown'],
  ['answer late (timeout after sending)', 'again', 'final', 'reconcile', 'unknown'],
  ['Create lost, Retrieve found it absent', 'again', 'final', 'again', 'final'],
  ['Create lost, nothing could settle it', 'final', 'final', 'reconcile', 'unknown'],
  ['429 rate limited', 'hold', 'final', 'hold', 'final'],
  ['503 unavailable', 'again', 'final', 'reconcile', 'unknown'],
  ['504 gateway gave up', 'again', 'final', 'reconcile', 'unknown'],
  ['500 server error', 'final', 'final', 'reconcile', 'unknown'],
  ['409 conflict', 'final', 'final', 'final', 'final'],
  ['404 no such user', 'final', 'final', 'final', 'final'],
  ['422 invalid', 'final', 'final', 'final', 'final'],
  ['200 not a record', 'final', 'final', 'final', 'final'],
]

describe('what a failed send means', () => {
  it.each(VERDICTS)(
    '%s: %s, spent %s; Create %s, spent %s',
    (name, read, readSpent, create, createSpent) => {
      const failure = FAILURES[name]
      expect([
        verdictOn(failure, 'idempotent', false),
        verdictOn(failure, 'idempotent', true),
        verdictOn(failure, 'create', false),
        verdictOn(failure, 'create', true),
      ]).toEqual([read, readSpent, create, createSpent])
    },
  )

  it('judges every failure listed', () => {
    expect(VERDICTS.map(([name]) => name).sort()).toEqual(Object.keys(FAILURES).sort())
  })
})

describe("a Create's failure, by mode and by what was sent before", () => {
  // [failure, mode, maybe sent already, budget spent, verdict]
  it.each([
    ['409 conflict', 'createOrUpdate', false, false, 'update'],
    ['409 conflict', 'createOrUpdate', true, true, 'final'],
    ['409 conflict', 'create', false, false, 'final'],
    ['409 conflict', 'create', true, false, 'reconcile'],
    ['409 conflict', 'create', true, true, 'final'],
    ['503 unavailable', 'create', false, false, 'reconcile'],
    ['503 unavailable', 'createOrUpdate', false, false, 'reconcile'],
    ['503 unavailable', 'create', true, true, 'unknown'],
    ['429 rate limited', 'createOrUpdate', true, false, 'hold'],
    ['401 credentials refused', 'create', true, false, 'stop'],
  ] as const)(
    '%s in %s (maybe sent: %s, spent: %s): %s',
    (name, mode, maybeSent, spent, verdict) => {
      expect(createVerdict(FAILURES[name], { mode, maybeSent, spent })).toBe(verdict)
    },
  )
})

describe('what an answer lost after sending means, per mode', () => {
  it.each([
    ['create', 'reconcile'],
    ['createOrUpdate', 'reconcile'],
    ['update', 'again'],
    ['setStatus', 'again'],
    ['export', 'again'],
  ] as const)('%s: %s', (mode, means) => {
    expect(lostAnswerMeans(mode)).toBe(means)
  })
})

describe('a Create is sent again only after a Retrieve shows the user absent', () => {
  const sent = { token: 'ana', status: 2, firstname: 'Ana' } as const
  const asSent = { token: 'ana', status: 2, firstname: 'Ana' } as UserRecord
  const other = { token: 'ana', status: 0, firstname: 'Eva' } as UserRecord
  it.each([
    ['absent', null, 'create', 'send'],
    ['absent', null, 'createOrUpdate', 'send'],
    ['there as sent', asSent, 'create', 'created'],
    ['there as sent', asSent, 'createOrUpdate', 'update'],
    ['there, not as sent', other, 'create', 'unknown'],
    ['there, not as sent', other, 'createOrUpdate', 'update'],
  ] as const)('user %s, %s: %s', (_, found, mode, next) => {
    expect(afterRetrieve(found, sent, mode)).toBe(next)
  })
})

describe('what a worker does, and how a run ends', () => {
  it.each([
    ['running', 'take'],
    ['paused', 'wait'],
    ['cancelling', 'end'],
    ['cancelled', 'end'],
    ['finished', 'end'],
  ] as const)('a worker of a %s run: %s', (state, step) => {
    expect(workerStep(state)).toBe(step)
  })

  it.each([
    ['running', false, 'finished'],
    ['running', true, 'cancelled'],
    ['cancelling', false, 'cancelled'],
    ['cancelling', true, 'cancelled'],
  ] as const)('workers done while %s (a part failed: %s): %s', (state, faulted, end) => {
    expect(runEnding(state, faulted)).toBe(end)
  })
})
