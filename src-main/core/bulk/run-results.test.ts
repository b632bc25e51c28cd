import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startTestCore, useStagingSandbox, type TestCore } from '../../../test/helpers/core'
import { startTestSandbox, type TestSandbox } from '../../../test/helpers/sandbox'
import { makeTempDir } from '../../../test/helpers/temp-dir'
import { describeWithTestKeyring } from '../../../test/helpers/test-keyring'

const files = makeTempDir('run-results')
afterAll(() => files.remove())

describeWithTestKeyring('a run lists every row, and sends its failed rows again', () => {
  let t: TestCore
  let sandbox: TestSandbox
  beforeAll(async () => {
    t = startTestCore()
    sandbox = await startTestSandbox({ databasePath: ':memory:' })
    await useStagingSandbox(t, sandbox, 'Results staging')
  })
  afterAll(async () => {
    await t.stop()
    await sandbox.stop()
  })

  const createDirectly = async (token: string) =>
    expect(
      (
        await sandbox.call('POST', '/api/v3/pendingCompanyUsers', {
          json: { token, status: 2, lastname: 'Before' },
        })
      ).status,
    ).toBe(201)

  const putsSent = async (token?: string) =>
    (await t.ok('activity:list')).entries.filter(
      (entry) => entry.method === 'PUT' && (token === undefined || entry.url.endsWith(`/${token}`)),
    ).length

  it('failures and unknowns first, invalid rows listed; the new run sends exactly the failed rows', async () => {
    for (const token of ['r-1', 'r-2', 'r-3']) await createDirectly(token)
    const path = join(files.path, 'update.csv')
    // r-4 and r-5 do not exist yet (their Update fails); row 7's status is not one the service has.
    writeFileSync(
      path,
      [
        'token,status,lastname',
        'r-1,2,A',
        'r-4,2,B',
        'r-2,2,C',
        'r-5,2,D',
        'r-3,2,E',
        'r-6,9,F',
        '',
      ].join('\r\n'),
    )
    const plan = await t.ok('bulk:dryRun', {
      file: await t.file(path),
      mode: 'update',
      mapping: ['token', 'status', 'lastname'],
    })
    const first = await t.ok('bulk:start', { planId: plan.planId, concurrency: 2 })
    expect(await t.core.bulk.settled(first.runId)).toMatchObject({
      counts: { updated: 3, failed: 2 },
    })

    const all = await t.ok('bulk:results', {
      runId: first.runId,
      show: 'all',
      offset: 0,
      limit: 50,
    })
    expect(all.total).toBe(6)
    expect(all.rerunnable).toBe(2)
    expect(all.rows.map((r) => [r.row, r.token, r.outcome])).toEqual([
      [3, 'r-4', 'failed'],
      [5, 'r-5', 'failed'],
      [7, 'r-6', 'invalid'],
      [2, 'r-1', 'updated'],
      [4, 'r-2', 'updated'],
      [6, 'r-3', 'updated'],
    ])
    expect(all.rows[2]?.errors).toMatchObject({
      status: [expect.objectContaining({ id: expect.stringMatching(/^rule\./) })],
    })
    const attention = await t.ok('bulk:results', {
      runId: first.runId,
      show: 'attention',
      offset: 0,
      limit: 50,
    })
    expect(attention.rows.map((r) => r.token)).toEqual(['r-4', 'r-5', 'r-6'])

    await createDirectly('r-4')
    await createDirectly('r-5')
    const putsBefore = await putsSent()
    // The new run is cancelled before any answer, then resumed: it still sends only its rows.
    sandbox.setFaults({ hold: true })
    const again = await t.ok('bulk:rerun', { runId: first.runId, concurrency: 2 })
    expect(again.total).toBe(2)
    await expect.poll(() => t.core.bulk.progress(again.runId).inFlight).toBeGreaterThan(0)
    await t.ok('bulk:control', { runId: again.runId, action: 'cancel' })
    sandbox.setFaults({ hold: false })
    expect((await t.core.bulk.settled(again.runId)).state).toBe('cancelled')
    const cancelled = await t.ok('bulk:results', {
      runId: again.runId,
      show: 'all',
      offset: 0,
      limit: 50,
    })
    expect(cancelled.rows.map((r) => r.token)).toEqual(expect.arrayContaining(['r-4', 'r-5']))
    expect(cancelled.total).toBe(2)
    // A cancelled run is resumed, not rerun: its ledger holds what it may have sent.
    expect(await t.call('bulk:rerun', { runId: again.runId, concurrency: 2 })).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION' },
    })
    await t.ok('bulk:resume', { runId: again.runId, concurrency: 2 })
    expect(await t.core.bulk.settled(again.runId)).toMatchObject({
      state: 'finished',
      counts: { updated: 2, failed: 0 },
    })
    expect((await putsSent()) - putsBefore).toBe(2)
    for (const token of ['r-1', 'r-2', 'r-3']) expect(await putsSent(token), token).toBe(1)
    const rerun = await t.ok('bulk:results', {
      runId: again.runId,
      show: 'all',
      offset: 0,
      limit: 50,
    })
    expect(rerun.rows.map((r) => [r.row, r.token, r.outcome])).toEqual([
      [3, 'r-4', 'updated'],
      [5, 'r-5', 'updated'],
    ])
    expect(await t.call('bulk:rerun', { runId: again.runId, concurrency: 2 })).toMatchObject({
      ok: false,
      error: {
        code: 'VALIDATION',
        said: expect.objectContaining({ text: expect.stringContaining('nothing to send again') }),
      },
    })
  })
})
