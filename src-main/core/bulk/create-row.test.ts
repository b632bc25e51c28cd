import { said } from '../../../src-shared/messages'
import { describe, expect, it } from 'vitest'
import type { UserRecord } from '../../../src-shared/service'
import { AppError } from '../errors/app-error'
import { retryBudget, ROW_RETRIES } from '../client/retry-policy'
import type { ServiceClient } from '../client/service-client'
import { createRow } from './create-row'
import { rowAttempts } from './row-attempts'
import { createRunControl } from './run-control'

// A Create row carried out against a client that answers from a script, call by call: the
// sequence of calls it made, and what the row ended as. No service and no waiting.

type Answer = 'ok' | 'absent' | UserRecord | AppError
type Step = [call: 'POST' | 'GET' | 'PUT', answer: Answer]

const user = { token: 'ana', status: 2 as const, firstname: 'Ana' }
const features = { video_call: 0, video_call_1to1: 0 }
const asSent = { token: 'ana', status: 2, firstname: 'Ana', features } as UserRecord
const someoneElse = { token: 'ana', status: 0, firstname: 'Eva', features } as UserRecord

const NO_ANSWER = said('noAnswerWithin', { seconds: 15 })
const unavailable = new AppError('SERVER', said('answerServer'), { status: 503 })
const limited = new AppError('RATE_LIMITED', said('answerRateLimited'), { status: 429 })
const exists = new AppError('CONFLICT', said('answerConflict'), { status: 409 })
const notMade = new AppError('NETWORK', said('createNotMade', { message: NO_ANSWER }))
const unsettled = new AppError('OUTCOME_UNKNOWN', said('createUnsettled', { message: NO_ANSWER }))

function scripted(steps: readonly Step[]) {
  const made: string[] = []
  const next = (call: Step[0]): Answer => {
    const step = steps[made.length]
    made.push(call)
    if (step?.[0] !== call) throw new Error(`call ${String(made.length)} was ${call}, not scripted`)
    if (step[1] instanceof AppError) throw step[1]
    return step[1]
  }
  const record = (answer: Answer) => {
    if (answer === 'absent')
      throw new AppError('NOT_FOUND', said('answerNotFound'), { status: 404 })
    return answer === 'ok' ? asSent : (answer as UserRecord)
  }
  const client = {
    createWithoutRecord: () =>
      Promise.resolve().then(() => {
        next('POST')
        return { note: null }
      }),
    retrieve: () => Promise.resolve().then(() => record(next('GET'))),
    update: () => Promise.resolve().then(() => ({ record: record(next('PUT')), note: null })),
  } as unknown as ServiceClient
  return { client, made }
}

async function carriedOut(mode: 'create' | 'createOrUpdate', unsure: boolean, steps: Step[]) {
  const { client, made } = scripted(steps)
  const control = createRunControl({
    client: () => Promise.resolve(client),
    sleep: () => Promise.resolve(),
    now: () => 0,
    changed: () => undefined,
  })
  const calls = rowAttempts(control, retryBudget(ROW_RETRIES), () => 0)
  const ended = await createRow(calls, { mode, token: user.token, user }, unsure).then(
    (outcome) => outcome.outcome,
    (error: unknown) => (error instanceof AppError ? error.code : String(error)),
  )
  return { made: made.join(' '), ended }
}

describe('a Create row is never sent twice blindly', () => {
  it.each([
    ['sent once when answered', 'create', false, [['POST', 'ok']], 'POST', 'created'],
    [
      'a 503: a Retrieve first, and sent again only once it shows the user absent',
      'create',
      false,
      [
        ['POST', unavailable],
        ['GET', 'absent'],
        ['POST', 'ok'],
      ],
      'POST GET POST',
      'created',
    ],
    [
      'a 503, the user there as sent: created, not sent again',
      'create',
      false,
      [
        ['POST', unavailable],
        ['GET', asSent],
      ],
      'POST GET',
      'created',
    ],
    [
      'a 503, someone else there: unknown, not sent again',
      'create',
      false,
      [
        ['POST', unavailable],
        ['GET', someoneElse],
      ],
      'POST GET',
      'unknown',
    ],
    [
      'left in flight by an earlier session: a Retrieve before anything',
      'create',
      true,
      [
        ['GET', 'absent'],
        ['POST', 'ok'],
      ],
      'GET POST',
      'created',
    ],
    [
      'a 429 refused it: sent again without asking',
      'create',
      false,
      [
        ['POST', limited],
        ['POST', 'ok'],
      ],
      'POST POST',
      'created',
    ],
    [
      'settled as not made by the client, then a 409: a Retrieve tells it was ours',
      'create',
      false,
      [
        ['POST', notMade],
        ['POST', exists],
        ['GET', asSent],
      ],
      'POST POST GET',
      'created',
    ],
    [
      'a 409 with nothing sent before: someone else has the token',
      'create',
      false,
      [['POST', exists]],
      'POST',
      'CONFLICT',
    ],
    [
      'a 409 in Create or update: the user updated over a fresh Retrieve',
      'createOrUpdate',
      false,
      [
        ['POST', exists],
        ['GET', asSent],
        ['GET', asSent],
        ['PUT', 'ok'],
      ],
      'POST GET GET PUT',
      'updated',
    ],
    [
      'unsettled, and every Retrieve after it fails: unknown after the budget',
      'create',
      false,
      [['POST', unsettled], ...Array.from({ length: 7 }, (): Step => ['GET', unavailable])],
      'POST GET GET GET GET GET GET GET',
      'OUTCOME_UNKNOWN',
    ],
  ] as const)('%s', async (_, mode, unsure, steps, made, ended) => {
    expect(await carriedOut(mode, unsure, [...steps] as Step[])).toEqual({ made, ended })
  })
})
