import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, it } from 'vitest'
import { bulkWorld, stored, until, users } from '../../../test/bulk/bulk-world'
import { startCreating } from '../../../test/helpers/core'
import { describeWithTestKeyring } from '../../../test/helpers/test-keyring'

describeWithTestKeyring('a bulk run the service holds back', () => {
  const world = bulkWorld('bulk-holds')

  it("counts the service's hold in the time left", async () => {
    const { t, sandbox } = world
    const path = world.csv(users('held-partway', 20))
    sandbox.setFaults({ rateLimitAfter: 5, retryAfterSeconds: 3600 })
    try {
      const runId = await startCreating(t, path, 3)
      await until('five rows done and the rest held back', () => {
        const now = t.core.bulk.progress(runId)
        return now.waiting?.id === 'bulk.waitingRateLimit' && now.done === 5
      })
      // Held for five minutes at most (a longer Retry-After is cut to that), then 15 rows to go.
      expect(t.core.bulk.progress(runId).etaSeconds).toBeGreaterThan(290)
      await t.ok('bulk:control', { runId, action: 'cancel' })
      await t.core.bulk.settled(runId)
    } finally {
      sandbox.setFaults({ rateLimitAfter: null, retryAfterSeconds: 1 })
    }
  })

  it('cancelled while the service holds it back, its results list the rows set aside as not sent', async () => {
    const { t, sandbox } = world
    const path = world.csv(users('held-back', 20))
    sandbox.setFaults({ rateLimitRate: 1, retryAfterSeconds: 3600 })
    try {
      const runId = await startCreating(t, path, 3)
      await until('every worker to wait for the Retry-After', () => {
        const now = t.core.bulk.progress(runId)
        return now.waiting?.id === 'bulk.waitingRateLimit' && now.inFlight === 3
      })
      await t.ok('bulk:control', { runId, action: 'cancel' })
      expect(await t.core.bulk.settled(runId)).toMatchObject({ state: 'cancelled', done: 0 })
      const out = join(world.folder, 'held-back-results.csv')
      expect(
        await t.ok('bulk:saveResults', { runId, file: await t.file(out, 'save') }),
      ).toMatchObject({ rows: 20 })
      const lines = readFileSync(out, 'utf8')
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n')
      // The three in flight were set aside; the other rows were never reached: every row listed.
      expect(lines.slice(1, 5)).toEqual([
        expect.stringMatching(/^2,held-back-0,notSent,,Not sent: the run stopped before its call/),
        expect.stringMatching(/^3,held-back-1,notSent,/),
        expect.stringMatching(/^4,held-back-2,notSent,/),
        expect.stringMatching(/^5,held-back-3,notSent,,Not sent: the run ended before reaching/),
      ])
    } finally {
      sandbox.setFaults({ rateLimitRate: 0, retryAfterSeconds: 1 })
    }
    expect(await stored(sandbox, 'held-back-0')).toBeNull()
  })
})
