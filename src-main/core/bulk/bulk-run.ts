import type { RunProgress } from '../../../src-shared/bulk'
import { retriedByCaller, retryBudget, ROW_RETRIES } from '../retry-policy'
import { readAhead } from './read-ahead'
import { rowAttempts } from './row-attempts'
import { writeRow } from './row-writes'
import { createRunControl } from './run-control'
import { createRunRecord } from './run-outcomes'
import { progressMeter, progressOf } from './run-progress'
import type { BulkRun, Item, RunSetup } from './run-types'
import { runPool } from './worker-pool'

export type { BulkRun, ExportSink, RowResult, RunSetup } from './run-types'

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
 */
export function startRun(setup: RunSetup): BulkRun {
  const sleep = setup.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  const now = setup.now ?? Date.now
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
    write: (item: Item, unsure: boolean) =>
      retriedByCaller(() =>
        writeRow(
          rowAttempts(control, retryBudget(ROW_RETRIES)),
          item.request,
          unsure,
          setup.exportSink,
        ),
      ),
    recorded: () => meter.report(),
  })

  function progress(): RunProgress {
    return progressOf(setup, record, control, now())
  }

  const reader = readAhead(setup.rows[Symbol.asyncIterator](), () => control.state === 'cancelling')
  const settled = runPool({
    concurrency: setup.concurrency,
    control,
    reader,
    record,
    exportSink: setup.exportSink,
    ledger: setup.ledger,
  }).then(progress)

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
