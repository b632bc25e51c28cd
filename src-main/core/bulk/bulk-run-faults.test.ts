import { expect, it } from 'vitest'
import type { RunProgress } from '../../../src-shared/bulk'
import { bulkWorld, runToEnd, stored, users, type BulkWorld } from '../../../test/bulk/bulk-world'
import { describeWithTestKeyring } from '../../../test/helpers/test-keyring'

/**
 * A row spends its budget only after 8 failed attempts (retry-policy.ts): at these rates that
 * happens to about one row in ten thousand, so a run may end with such a row. It must then be
 * told, as failed or unknown, and listed for sending again: never lost, never counted twice.
 * A policy that gave up early would leave far more than 1% of the rows.
 */
async function everyRowOnce(world: BulkWorld, run: RunProgress, rows: number): Promise<string[]> {
  expect(run).toMatchObject({ state: 'finished', total: rows, done: rows, remaining: 0 })
  const counted = Object.values(run.counts).reduce((sum, count) => sum + count, 0)
  expect(counted).toBe(rows)
  const left = run.counts.failed + run.counts.unknown
  expect(left).toBeLessThanOrEqual(rows / 100)
  const listed = await world.t.core.bulk.results({
    runId: run.runId,
    show: 'attention',
    offset: 0,
    limit: 100,
  })
  expect(listed.rows.map((row) => row.outcome).sort()).toEqual([
    ...Array<string>(run.counts.failed).fill('failed'),
    ...Array<string>(run.counts.unknown).fill('unknown'),
  ])
  return listed.rows.map((row) => row.token)
}

describeWithTestKeyring('a bulk run against a service that fails', () => {
  const world = bulkWorld('bulk-faults')

  it('with drops and 504s after writes, 429s, 503s and latency: every row once, none lost, none doubled', async () => {
    const { t, sandbox } = world
    // Enough rows for every fault kind to strike about ten times a run at these rates.
    const rows = 300
    const left: string[] = []
    const path = world.csv(users('faulty', rows))
    sandbox.setFaults({
      latencyMs: 1,
      errorRate: 0.02,
      rateLimitRate: 0.03,
      retryAfterSeconds: 0,
      dropRate: 0.03,
      lateErrorRate: 0.02,
    })
    try {
      const created = await runToEnd(t, path, 'create', ['token', 'status', 'firstname'])
      const notCreated = await everyRowOnce(world, created, rows)
      expect(created.counts.created).toBe(rows - notCreated.length)
      // The same file again, as Create or update: every Create meets a 409 and becomes an Update;
      // one whose 409 was lost reads as created (the user is there as sent): done either way.
      const again = await runToEnd(t, path, 'createOrUpdate', ['token', 'status', 'firstname'])
      const notWritten = await everyRowOnce(world, again, rows)
      expect(again.counts.updated + again.counts.created).toBe(rows - notWritten.length)
      left.push(...notCreated, ...notWritten)
      expect(again.counts.updated).toBeGreaterThan(rows / 2)
    } finally {
      sandbox.setFaults({
        latencyMs: 0,
        errorRate: 0,
        rateLimitRate: 0,
        dropRate: 0,
        lateErrorRate: 0,
      })
    }
    for (const i of [0, 1, rows / 2, rows - 1].filter((i) => !left.includes(`faulty-${i}`)))
      expect(await stored(sandbox, `faulty-${i}`)).toMatchObject({ firstname: `Name ${i}` })
  })
})
