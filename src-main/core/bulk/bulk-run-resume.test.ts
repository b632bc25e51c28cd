import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { existsSync, readFileSync, utimesSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { expect, it } from 'vitest'
import type { RunProgress } from '../../../src-shared/bulk'
import { bulkWorld, stored, until, users } from '../../../test/bulk/bulk-world'
import { startCreating, startTestCore, useStagingSandbox } from '../../../test/helpers/core'
import { describeWithTestKeyring } from '../../../test/helpers/test-keyring'

const ROOT = resolve(import.meta.dirname, '../../..')

describeWithTestKeyring('a bulk run paused, cancelled, killed and resumed', () => {
  const world = bulkWorld('bulk-resume')

  it('pauses without sending, cancels, and resumes from its ledger with no row twice', async () => {
    const { t, sandbox } = world
    const rows = 300
    const path = world.csv(users('paused', rows))
    sandbox.setFaults({ latencyMs: 5 })
    const seen: RunProgress[] = []
    const unsubscribe = t.core.bulk.subscribe((progress) => seen.push(progress))
    try {
      const runId = await startCreating(t, path, 2)
      await until('some rows done', () => t.core.bulk.progress(runId).done >= 20)
      await t.ok('bulk:control', { runId, action: 'pause' })
      // In-flight calls finish after the pause; then nothing moves while paused.
      await until('the calls in flight to end', () => {
        const now = t.core.bulk.progress(runId)
        return now.state === 'paused' && now.inFlight === 0
      })
      const atPause = t.core.bulk.progress(runId).done
      // A whole round trip to the same service: a worker the pause did not hold would have sent
      // its row and heard back by the time this call is answered.
      await t.call('users:retrieve', { token: 'not-one-of-the-rows' })
      expect(t.core.bulk.progress(runId)).toMatchObject({ state: 'paused', done: atPause })
      await t.ok('bulk:control', { runId, action: 'resume' })
      await until('more rows done', () => t.core.bulk.progress(runId).done >= atPause + 20)
      await t.ok('bulk:control', { runId, action: 'cancel' })
      const cancelled = await t.core.bulk.settled(runId)
      expect(cancelled.state).toBe('cancelled')
      expect(cancelled.done).toBeLessThan(rows)
      expect(seen.some((progress) => progress.state === 'paused')).toBe(true)

      const { runs } = await t.ok('bulk:resumable')
      expect(runs).toContainEqual(
        expect.objectContaining({ runId, done: cancelled.done, total: rows }),
      )
      const resumed = await t.ok('bulk:resume', { runId, concurrency: 4 })
      const finished = await t.core.bulk.settled(resumed.runId)
      expect(finished).toMatchObject({
        state: 'finished',
        done: rows,
        doneBefore: cancelled.done,
        counts: { created: rows, failed: 0, unknown: 0 },
      })
      expect((await t.ok('bulk:resumable')).runs.map((run) => run.runId)).not.toContain(runId)
    } finally {
      unsubscribe()
      sandbox.setFaults({ latencyMs: 0 })
    }
  })

  it('a run killed with SIGKILL mid-way resumes from its ledger: every row done exactly once', async () => {
    const { sandbox } = world
    const rows = 600
    const path = world.csv(users('killed', rows))
    const child = startTestCore()
    await useStagingSandbox(child, sandbox, 'Killed staging')
    await child.core.dispose()
    // Slow enough that the child is still far from its end while the other face looks at it.
    sandbox.setFaults({ latencyMs: 20 })
    const runner = spawn(process.execPath, ['--import', 'tsx', 'test/helpers/bulk-child.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        BULK_DATA: child.dataDirectory,
        BULK_KEYCHAIN: child.keychainService,
        BULK_FILE: path,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let output = ''
    runner.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const exited = once(runner, 'exit')
    await until('the child to start its run', () => output.includes('started '))
    const runId = /started (\S+)/.exec(output)?.[1] ?? ''
    const ledger = join(child.dataDirectory, 'bulk-runs', `${runId}.jsonl`)
    const doneLines = () =>
      existsSync(ledger) ? readFileSync(ledger, 'utf8').split('"kind":"done"').length - 1 : 0
    await until('a third of the rows done', () => doneLines() >= rows / 3)
    // The child is held back while another face looks (hundreds of rows left at 2 s a call), so
    // it cannot end first however slow this machine is. Its calls in flight when it is killed
    // may still land after the resume asked about them: the resume must cope, as with a real
    // service.
    sandbox.setFaults({ latencyMs: 2_000 })
    // Another face on the same data folder sees the run as under way and cannot take it.
    const after = startTestCore({
      dataDirectory: child.dataDirectory,
      keychainService: child.keychainService,
    })
    try {
      const underWay = (await after.ok('bulk:resumable')).runs.find((run) => run.runId === runId)
      expect(underWay?.underWayElsewhere).toBe(true)
      expect(await after.call('bulk:resume', { runId, concurrency: 4 })).toMatchObject({
        ok: false,
        error: {
          said: expect.objectContaining({
            text: expect.stringContaining('under way in another process'),
          }),
        },
      })
      expect(await after.call('bulk:discard', { runId })).toMatchObject({
        ok: false,
        error: {
          said: expect.objectContaining({
            text: expect.stringContaining('under way in another process'),
          }),
        },
      })

      runner.kill('SIGKILL')
      await exited
      sandbox.setFaults({ latencyMs: 0 })
      expect(output).not.toContain('finished')
      // The killed process's claim stays until it goes stale: aged here instead of waited for.
      const claim = `${ledger}.lock`
      expect(existsSync(claim)).toBe(true)
      const longAgo = new Date(Date.now() - 60_000)
      utimesSync(claim, longAgo, longAgo)

      const { runs } = await after.ok('bulk:resumable')
      const stopped = runs.find((run) => run.runId === runId)
      expect(stopped?.underWayElsewhere).toBe(false)
      expect(stopped?.done).toBeGreaterThanOrEqual(rows / 3)
      expect(stopped?.done).toBeLessThan(rows)
      const resumed = await after.ok('bulk:resume', { runId, concurrency: 4 })
      const finished = await after.core.bulk.settled(resumed.runId)
      expect(finished).toMatchObject({
        state: 'finished',
        done: rows,
        counts: { created: rows, failed: 0, unknown: 0 },
      })
      for (const i of [0, rows / 3, rows - 1])
        expect(await stored(sandbox, `killed-${i}`)).toMatchObject({ firstname: `Name ${i}` })
    } finally {
      await after.stop()
    }
  })
})
