import type { RunProgress } from '../../../src-shared/bulk'
import { withdrawnOn } from '../client/call-withdrawal'
import { retriedByCaller, retryBudget, ROW_RETRIES } from '../client/retry-policy'
import type { EnvironmentWatch } from './environment-watch'
import { readAhead } from './read-ahead'
import { PauseRun, rowAttempts } from './row-attempts'
import { writeRow } from './row-writes'
import { createRunControl } from './run-control'
import { createRunRecord } from './run-outcomes'
import { progressMeter, progressOf } from './run-progress'
import type { BulkRun, Item, RunSetup } from './run-types'
import { environmentChanged } from './run-words'
import { runPool } from './worker-pool'

export type { BulkRun, ExportSink, RunSetup } from './run-types'

/** The rows a stopped run has not sent (or set aside), once its calls in flight settle. */
const notSent = (progress: RunProgress) => progress.total - progress.done

/**
 * Sends the rows with a bounded number of calls in flight. Its parts, each with its own job:
 * reading ahead (read-ahead.ts), the run's state and its pause, resume and cancel
 * (run-control.ts), each row's calls under one retry budget (row-attempts.ts, retry-policy.ts),
 * the call per mode (row-writes.ts) with the Create's reconciliation (create-row.ts), recording
 * outcomes (run-outcomes.ts), the progress and its throttle (run-progress.ts) and the workers
 * (worker-pool.ts). What they decide is in run-decisions.ts, what they say in run-words.ts.
 *
 * A Create is never sent twice blindly: a transport failure is reconciled by the client itself (a
 * Retrieve), a 5xx and a row left in flight by an earlier session are reconciled here the same
 * way, and only a row the service shows it does not have is sent again.
 *
 * The run keeps the client it started with, so it stops when its environment changes under it
 * (`environment`, see environment-watch.ts): no row starts after the change is seen, and a
 * resume goes through a start's checks again (a production write's confirmation among them).
 */
export function startRun(setup: RunSetup, environment?: EnvironmentWatch): BulkRun {
  const sleep = setup.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  const now = setup.now ?? Date.now
  // Whether the run stopped because its environment changed: said with the rows it left, counted
  // at each report, as the calls in flight when it stopped still finish.
  let leftByChange = false
  const meter = progressMeter({ onProgress: setup.onProgress, progress, now })
  const control = createRunControl({
    client: setup.client,
    sleep,
    now,
    changed: () => meter.report(true),
  })
  const record = createRunRecord({
    ledger: setup.ledger,
    before: setup.before,
    now,
    // Each row has its own budget, and its calls are retried here only (never by the exchange).
    write: async (item: Item, unsure: boolean) => {
      // Before the row's first call: it is set aside unsent, for the resume to send.
      if (environment !== undefined && (await environment.changed())) {
        stopForEnvironment()
        throw new PauseRun()
      }
      const row = rowAttempts(control, retryBudget(ROW_RETRIES))
      return retriedByCaller(() =>
        withdrawnOn(control.halted, () => writeRow(row, item.request, unsure, setup.exportSink)),
      )
    },
    recorded: () => meter.report(),
  })

  /** Stops the run for a change of its environment, unless it was stopped or cancelled first. */
  function stopForEnvironment(): void {
    if (control.state !== 'running' && control.state !== 'paused') return
    leftByChange = true
    control.stop(
      environmentChanged(setup.environmentName, notSent(progressOf(setup, record, control, now()))),
    )
  }
  environment?.onChanged(stopForEnvironment)

  function progress(): RunProgress {
    const current = progressOf(setup, record, control, now())
    if (!leftByChange) return current
    return {
      ...current,
      stopped: environmentChanged(setup.environmentName, notSent(current)).toShape(),
    }
  }

  const reader = readAhead(setup.rows[Symbol.asyncIterator](), () => control.state === 'cancelling')
  const settled = runPool({
    concurrency: setup.concurrency,
    control,
    reader,
    record,
    exportSink: setup.exportSink,
    ledger: setup.ledger,
  })
    .finally(() => environment?.close())
    .then(progress)

  return {
    id: setup.runId,
    progress,
    results: () => record.results,
    setAside: () =>
      record.setAside.map(({ row, request, unsure }) => ({
        row,
        token: request.token,
        unsure: unsure === true,
      })),
    pause: () => control.pause(),
    resume: () => control.resume(),
    cancel: () => control.cancel(),
    settled,
  }
}
