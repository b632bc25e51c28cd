import { describe, expect, it } from 'vitest'
import { connectionTestSchema } from '../../../../src-shared/ipc'
import { said } from '../../../../src-shared/messages'
import { answerSteps, connectionTestOf, credentialsNotSet, failed, passed, skipped } from './steps'

const resolved = passed('resolve', said('resolved', { host: 'h', address: '10.0.0.1' }))
const direct = skipped('proxy', said('direct', { because: said('becauseSetting') }))
const connected = passed('connect', said('connectedTo', { target: '10.0.0.1:443' }))
const tls = passed('tls', said('tlsNotUsed'))

const outcomes = (test: { steps: { step: string; outcome: string }[] }) =>
  Object.fromEntries(test.steps.map(({ step, outcome }) => [step, outcome]))

describe('the steps of a connection test, and its verdict', () => {
  it('a probe that failed: the later steps are not tried, no call was made, nothing sent', () => {
    const refused = said('connectRefused', { target: '10.0.0.1:443', code: 'ECONNREFUSED' })
    const test = connectionTestOf([resolved, direct, failed('connect', refused)], null, 12)
    expect(connectionTestSchema.omit({ missingSecrets: true }).parse(test)).toEqual(test)
    expect(test).toMatchObject({
      outcome: 'unreachable',
      said: refused,
      status: null,
      failedStep: 'connect',
    })
    expect(outcomes(test)).toEqual({
      resolve: 'passed',
      proxy: 'skipped',
      connect: 'failed',
      tls: 'skipped',
      http: 'skipped',
      credentials: 'skipped',
    })
    expect(test.steps[3]?.said.id).toBe('diagnosis.notTried')
  })

  it.each([
    ['ok', 404, { http: 'passed', credentials: 'passed' }, null],
    ['unauthorized', 401, { http: 'passed', credentials: 'failed' }, 'credentials'],
    ['error', 500, { http: 'failed', credentials: 'skipped' }, 'http'],
    ['unreachable', null, { http: 'failed', credentials: 'skipped' }, 'http'],
  ] as const)('the real call %s (%s): %o, failed step %s', (outcome, status, expected, step) => {
    const answer = { outcome, said: said('connected'), status }
    const test = connectionTestOf([resolved, direct, connected, tls], answer, 30)
    expect(test).toMatchObject({ outcome, said: answer.said, status, failedStep: step })
    expect(outcomes(test)).toMatchObject(expected)
  })

  it('an answer passes the HTTP step with its status; a 404 is said as the answer expected', () => {
    const [found] = answerSteps({ outcome: 'ok', said: said('connected'), status: 200 })
    expect(found?.said).toMatchObject({ id: 'diagnosis.httpAnswered', values: { status: 200 } })
    const [notFound] = answerSteps({ outcome: 'ok', said: said('connected'), status: 404 })
    expect(notFound?.said.id).toBe('diagnosis.httpAnsweredNotFound')
    expect(notFound?.said.text).toContain('as expected')
  })

  it('credentials not set: nothing was refused, the credentials step is not tried and says why', () => {
    const missing = said('credentialsMissing', { environment: 'Staging' })
    const test = credentialsNotSet([resolved, direct, connected, tls], missing, 9)
    expect(connectionTestSchema.omit({ missingSecrets: true }).parse(test)).toEqual(test)
    expect(test).toMatchObject({
      outcome: 'credentialsNotSet',
      said: missing,
      status: null,
      failedStep: null,
    })
    expect(outcomes(test)).toMatchObject({ tls: 'passed', http: 'skipped', credentials: 'skipped' })
    expect(test.steps.find((step) => step.step === 'credentials')?.said).toEqual(missing)
  })
})
