import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { join } from 'node:path'
import { NO_FAULTS } from './faults'
import { requestReceived, startTestSandbox, type TestSandbox } from '../test/helpers/sandbox'
import { makeTempDir } from '../test/helpers/temp-dir'

const USERS = '/api/v3/pendingCompanyUsers'

describe('fault injection', () => {
  let sandbox: TestSandbox
  beforeAll(async () => {
    // random() = 0 makes every enabled fault certain.
    sandbox = await startTestSandbox({ random: () => 0 })
  })
  afterAll(() => sandbox.stop())

  it('is off by default', async () => {
    expect((await sandbox.call('POST', USERS, { json: { token: 'f0', status: 0 } })).status).toBe(
      201,
    )
  })

  it('answers 429 with Retry-After', async () => {
    sandbox.setFaults({ rateLimitRate: 1, retryAfterSeconds: 7 })
    const answer = await sandbox.call('GET', `${USERS}/f0`)
    sandbox.setFaults({ rateLimitRate: 0 })
    expect(answer.status).toBe(429)
    expect(answer.headers.get('retry-after')).toBe('7')
    expect(answer.contentType).toContain('application/problem+json')
  })

  it('lets a number of calls through, then refuses every one until the faults are set again', async () => {
    sandbox.setFaults({ rateLimitAfter: 2, retryAfterSeconds: 300 })
    const statuses = []
    for (let call = 0; call < 4; call++)
      statuses.push((await sandbox.call('GET', `${USERS}/f0`)).status)
    sandbox.setFaults({ rateLimitAfter: 1 })
    statuses.push((await sandbox.call('GET', `${USERS}/f0`)).status)
    statuses.push((await sandbox.call('GET', `${USERS}/f0`)).status)
    sandbox.setFaults({ rateLimitAfter: null })
    expect(statuses).toEqual([200, 200, 429, 429, 200, 429])
  })

  it('holds calls unanswered until the hold is lifted, then answers them by the faults set then', async () => {
    sandbox.setFaults({ hold: true })
    const received = requestReceived(sandbox, `${USERS}/f0`)
    let answered = false
    const held = sandbox.call('GET', `${USERS}/f0`).finally(() => (answered = true))
    await received
    // Other faults set meanwhile leave the hold on; a call the hold does not cover is answered.
    sandbox.setFaults({ errorRate: 0 })
    expect((await sandbox.call('GET', '/.well-known/jwks.json')).status).toBe(200)
    expect(answered).toBe(false)
    sandbox.setFaults({ hold: false, errorRate: 1 })
    const status = (await held).status
    sandbox.setFaults({ errorRate: 0 })
    expect(status).toBe(503)
    expect((await sandbox.call('GET', `${USERS}/f0`)).status).toBe(200)
  })

  it('a call held when the sandbox closes is never made', async () => {
    const folder = makeTempDir('held-at-close')
    const databasePath = join(folder.path, 'sandbox.db')
    const closing = await startTestSandbox({ databasePath })
    closing.setFaults({ hold: true })
    const received = requestReceived(closing, USERS)
    const held = closing.call('POST', USERS, { json: { token: 'held-at-close', status: 0 } }).then(
      (answer) => answer.status,
      () => 'connection closed',
    )
    await received
    await closing.close()
    expect(await held).toBe('connection closed')
    const reopened = await startTestSandbox({ databasePath })
    try {
      expect((await reopened.call('GET', `${USERS}/held-at-close`)).status).toBe(404)
    } finally {
      await reopened.stop()
      folder.remove()
    }
  })

  it('answers 503 at the error rate', async () => {
    sandbox.setFaults({ errorRate: 1 })
    const answer = await sandbox.call('GET', `${USERS}/f0`)
    sandbox.setFaults({ errorRate: 0 })
    expect(answer.status).toBe(503)
  })

  it('adds latency', async () => {
    sandbox.setFaults({ latencyMs: 150 })
    const started = performance.now()
    await sandbox.call('GET', `${USERS}/f0`)
    sandbox.setFaults({ latencyMs: 0 })
    expect(performance.now() - started).toBeGreaterThanOrEqual(140)
  })

  it('can drop the answer after the write, leaving the outcome unknown to the client', async () => {
    sandbox.setFaults({ dropRate: 1 })
    await expect(
      sandbox.call('POST', USERS, { json: { token: 'dropped', status: 0 } }),
    ).rejects.toThrow()
    sandbox.setFaults({ dropRate: 0 })
    expect((await sandbox.call('GET', `${USERS}/dropped`)).status).toBe(200)
  })

  it('can answer 504 after the write, as a gateway that gave up would', async () => {
    sandbox.setFaults({ lateErrorRate: 1 })
    expect((await sandbox.call('POST', USERS, { json: { token: 'late', status: 0 } })).status).toBe(
      504,
    )
    sandbox.setFaults({ lateErrorRate: 0 })
    expect((await sandbox.call('GET', `${USERS}/late`)).status).toBe(200)
  })

  it('starts with its faults already on: keys hidden, calls held or failing', async () => {
    const faulty = await startTestSandbox({
      faults: { ...NO_FAULTS, jwks: 'none', hold: true, errorRate: 1 },
    })
    try {
      expect((await faulty.call('GET', '/.well-known/jwks.json')).status).toBe(404)
    } finally {
      await faulty.close()
    }
  })

  it('can publish no keys, or only a key its tokens are not signed with', async () => {
    const publishedKids = async () => {
      const answer = await sandbox.call('GET', '/.well-known/jwks.json')
      return answer.status === 200
        ? (answer.body as { keys: { kid: string }[] }).keys.map((key) => key.kid)
        : answer.status
    }
    const current = await publishedKids()
    sandbox.setFaults({ jwks: 'none' })
    expect(await publishedKids()).toBe(404)
    sandbox.setFaults({ jwks: 'rotated' })
    const rotated = await publishedKids()
    sandbox.setFaults({ jwks: 'current' })
    expect(rotated).toHaveLength(1)
    expect(rotated).not.toEqual(current)
    expect(await publishedKids()).toEqual(current)
  })
})
