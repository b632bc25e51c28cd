import { expect, it } from 'vitest'
import { bulkWorld, runToEnd, stored, users } from '../../../test/bulk/bulk-world'
import { describeWithTestKeyring } from '../../../test/helpers/test-keyring'

describeWithTestKeyring('a bulk run against a service that fails', () => {
  const world = bulkWorld('bulk-faults')

  it('with drops and 504s after writes, 429s, 503s and latency: every row once, none lost, none doubled', async () => {
    const { t, sandbox } = world
    const rows = 1000
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
      expect(created).toMatchObject({
        state: 'finished',
        total: rows,
        done: rows,
        remaining: 0,
        counts: { created: rows, failed: 0, unknown: 0 },
      })
      // The same file again, as Create or update: every Create meets a 409 and becomes an Update;
      // one whose 409 was lost reads as created (the user is there as sent): done either way.
      const again = await runToEnd(t, path, 'createOrUpdate', ['token', 'status', 'firstname'])
      expect(again).toMatchObject({
        state: 'finished',
        done: rows,
        counts: { failed: 0, unknown: 0 },
      })
      expect(again.counts.updated + again.counts.created).toBe(rows)
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
    for (const i of [0, 1, rows / 2, rows - 1])
      expect(await stored(sandbox, `faulty-${i}`)).toMatchObject({ firstname: `Name ${i}` })
  })
})
