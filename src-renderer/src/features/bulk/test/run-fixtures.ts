import type { ListedResult, ResumableRun, RunProgress, RunResultsPage } from '@shared/bulk'
import { BULK_RUN_MESSAGES } from '@shared/messages/bulk-run-messages'
import { SERVICE_MESSAGES } from '@shared/messages/service-messages'
import { saidOf } from '@shared/messages/said'

export const RUN_ID = '9c2f3b1e-1d2a-4c3b-9e8f-0a1b2c3d4e5f'

/** A run of three rows as main reports it; each test says what differs. */
export function progressOf(changes: Partial<RunProgress>): RunProgress {
  return {
    runId: RUN_ID,
    mode: 'create',
    state: 'finished',
    environmentId: 'staging-1',
    environmentName: 'Staging',
    environmentKind: 'staging',
    total: 3,
    done: 3,
    failed: 0,
    remaining: 0,
    counts: { created: 3, updated: 0, statusSet: 0, exported: 0, failed: 0, unknown: 0 },
    doneBefore: 0,
    inFlight: 0,
    ratePerSecond: 0,
    etaSeconds: null,
    waiting: null,
    stopped: null,
    ...changes,
  }
}

/** Stopped by an outage after its first row: the other two never sent. */
export const STOPPED = progressOf({
  state: 'cancelled',
  done: 1,
  remaining: 2,
  counts: { created: 1, updated: 0, statusSet: 0, exported: 0, failed: 0, unknown: 0 },
  stopped: {
    code: 'NETWORK',
    said: saidOf(BULK_RUN_MESSAGES.fixAndResume, {
      message: saidOf(BULK_RUN_MESSAGES.sentence, {
        message: saidOf(SERVICE_MESSAGES.unreachableCode, {
          url: 'http://127.0.0.1:9',
          code: 'ECONNREFUSED',
        }),
      }),
    }),
  },
})

export function rowOf(
  row: number,
  outcome: ListedResult['outcome'],
  changes: Partial<ListedResult> = {},
): ListedResult {
  const token = `user-${String(row)}`
  const said =
    outcome === 'created'
      ? saidOf(BULK_RUN_MESSAGES.rowCreated)
      : outcome === 'notSent'
        ? saidOf(BULK_RUN_MESSAGES.notReached)
        : null
  return { row, token, outcome, status: null, said, errors: null, earlier: false, ...changes }
}

/** A page of results as main makes it (every row fits one page here). */
export function pageOf(rows: ListedResult[], conflicts = 0): RunResultsPage {
  const rerunnable = rows.filter((r) => ['failed', 'notSent', 'notDone'].includes(r.outcome))
  return { total: rows.length, rows, rerunnable: rerunnable.length, conflicts }
}

export function resumableOf(progress: RunProgress): ResumableRun {
  return {
    runId: progress.runId,
    mode: progress.mode,
    fileName: 'users.csv',
    environmentId: progress.environmentId,
    environmentName: progress.environmentName,
    environmentKind: progress.environmentKind,
    startedAt: '2026-11-28T10:00:00.000Z',
    done: progress.done,
    total: progress.total,
    underWayElsewhere: false,
  }
}
