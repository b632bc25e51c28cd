import { OUTCOMES, type Outcome } from '../../../src-shared/bulk'
import { AppError } from '../errors/app-error'
import type { Ledger, LedgerState } from './ledger'
import { PauseRun } from './row-attempts'
import type { Item, RowOutcome, RowResult } from './run-types'

/** Finish times kept for the rate; the oldest half goes when there are more. */
const FINISHES_KEPT = 4096

/** A row's failure as its outcome: unknown when a Create of it may have been made. */
function outcomeOfFailure(error: AppError): RowOutcome {
  return {
    outcome: error.code === 'OUTCOME_UNKNOWN' ? 'unknown' : 'failed',
    status: error.status ?? null,
    said: error.said,
  }
}

/** What the run has done so far: outcomes counted and listed, rows set aside, rows taken. */
export interface RunRecord {
  readonly counts: Readonly<Record<Outcome, number>>
  readonly results: readonly RowResult[]
  /** When each of the latest rows was recorded, for the rate. */
  readonly finishedAt: readonly number[]
  /** Rows done in an earlier session of the run. */
  readonly doneBefore: number
  /** Rows taken and not yet recorded: in flight, or waiting for a resume. */
  readonly taken: number
  /** Rows taken but set aside by a pause, a cancel or a stop: the next ones taken on resume. */
  readonly setAside: readonly Item[]
  nextSetAside(): Item | undefined
  /** One row, in flight from its ledger line before the call until its outcome is recorded. */
  handle(item: Item): Promise<void>
}

export function createRunRecord(options: {
  ledger: Ledger | null
  before: LedgerState | null
  now: () => number
  /** The row's call; `unsure` when a Create of it may have been sent already. */
  write: (item: Item, unsure: boolean) => Promise<RowOutcome>
  /** A row recorded: the page hears of it when its next report is due. */
  recorded: () => void
}): RunRecord {
  const { ledger, before, now } = options
  const counts = Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<Outcome, number>
  for (const { outcome } of before?.done.values() ?? []) counts[outcome] += 1
  const results: RowResult[] = []
  const finishedAt: number[] = []
  const setAside: Item[] = []
  let taken = 0

  async function handle(item: Item): Promise<void> {
    const { row, request } = item
    taken += 1
    try {
      await ledger?.sending(row, request.token)
      let result: RowOutcome
      try {
        result = await options.write(
          item,
          item.unsure === true || before?.inFlight.has(row) === true,
        )
      } catch (error) {
        // Set aside by a pause for a failure of the whole run, or by a cancel: taken up again
        // first on resume, reconciled first if a Create of it may have been sent.
        if (error instanceof PauseRun) {
          setAside.push({ ...item, unsure: item.unsure === true || error.maybeSent })
          return
        }
        if (!(error instanceof AppError)) throw error
        result = outcomeOfFailure(error)
      }
      await ledger?.done(row, request.token, result.outcome, result.status)
      counts[result.outcome] += 1
      results.push({ row, token: request.token, ...result })
      finishedAt.push(now())
      if (finishedAt.length > FINISHES_KEPT) finishedAt.splice(0, FINISHES_KEPT / 2)
    } finally {
      taken -= 1
    }
    options.recorded()
  }

  return {
    counts,
    results,
    finishedAt,
    doneBefore: before?.done.size ?? 0,
    get taken() {
      return taken
    },
    setAside,
    nextSetAside: () => setAside.shift(),
    handle,
  }
}
