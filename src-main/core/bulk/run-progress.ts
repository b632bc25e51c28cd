import type { RunProgress } from '../../../src-shared/bulk'
import type { RunControl } from './run-control'
import type { RunRecord } from './run-outcomes'
import type { RunSetup } from './run-types'

/** The page hears of a run at most this often, besides every change of state. */
const PROGRESS_EVERY_MS = 200
/** The rate is measured over the rows recorded this long ago at most. */
const RATE_WINDOW_MS = 10_000

type RunIdentity = Pick<
  RunSetup,
  'runId' | 'mode' | 'environmentId' | 'environmentName' | 'environmentKind' | 'total'
>
type ControlView = Pick<RunControl, 'state' | 'waiting' | 'stopped' | 'holdUntil' | 'parked'>
type RecordView = Pick<RunRecord, 'counts' | 'results' | 'finishedAt' | 'doneBefore' | 'taken'>

/** The run's progress at time `at`. */
export function progressOf(
  run: RunIdentity,
  record: RecordView,
  control: ControlView,
  at: number,
): RunProgress {
  const { counts, doneBefore } = record
  const done = record.results.length + doneBefore
  const remaining = Math.max(0, run.total - done)
  const since = at - RATE_WINDOW_MS
  const recent = record.finishedAt.filter((finished) => finished >= since).length
  const ratePerSecond = recent / (RATE_WINDOW_MS / 1000)
  const { state } = control
  return {
    runId: run.runId,
    mode: run.mode,
    state,
    environmentId: run.environmentId,
    environmentName: run.environmentName,
    environmentKind: run.environmentKind,
    total: run.total,
    done,
    failed: counts.failed + counts.unknown,
    remaining,
    counts: { ...counts },
    doneBefore,
    inFlight: record.taken - control.parked,
    ratePerSecond,
    // A service holding every call back for a while adds that while to what is left.
    etaSeconds:
      ratePerSecond > 0 && state === 'running'
        ? Math.max(0, control.holdUntil - at) / 1000 + remaining / ratePerSecond
        : null,
    waiting: control.waiting,
    stopped: control.stopped,
  }
}

/** Reports the run's progress: at once when forced, otherwise at most every 200 ms. */
export function progressMeter(options: {
  onProgress: ((progress: RunProgress) => void) | undefined
  progress: () => RunProgress
  now: () => number
}): { report(force?: boolean): void } {
  const { onProgress, now } = options
  let last = 0
  let late: ReturnType<typeof setTimeout> | undefined

  function report(force = false): void {
    if (!onProgress) return
    const at = now()
    if (!force && at - last < PROGRESS_EVERY_MS) {
      // Sent when its turn comes, not with the next change: before a long wait (a Retry-After)
      // there may be no next change for minutes, and the page would show a count already past.
      late ??= setTimeout(() => report(true), PROGRESS_EVERY_MS - (at - last))
      late.unref()
      return
    }
    clearTimeout(late)
    late = undefined
    last = at
    try {
      onProgress(options.progress())
    } catch {
      // A listener's failure is the listener's: the run goes on.
    }
  }

  return { report }
}
