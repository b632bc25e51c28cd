import type { RunState } from '../../../src-shared/bulk'
import type { AppErrorShape } from '../../../src-shared/ipc'
import type { AppError } from '../errors/app-error'
import { runCancelling, stoppedBy, stoppedByFault, type Words } from './run-words'

/** What a run is, what it waits for and what stopped it: read by the page through RunControl. */
export interface RunStatus {
  state: RunState
  waiting: Words | null
  stopped: AppErrorShape | null
}

/** The parts of a run that a stop moves. */
export interface StoppingRun {
  status: RunStatus
  /** Aborted once the run takes no more rows. */
  halting: AbortController
  /** Wakes the workers parked by a pause. */
  gate: { wake(): void }
  /** Tells the page at once. */
  changed: () => void
}

/** Whether a cancel or a stop still applies: the run has not begun to end. */
const isUnderWay = (state: RunState): boolean => state === 'running' || state === 'paused'

export function setStatus(run: StoppingRun, next: RunState, why: Words | null): void {
  run.status.state = next
  run.status.waiting = why
  run.changed()
}

/**
 * No new row is taken; calls sent finish, those still connecting are given up (`halted`), and
 * workers waiting for a resume wake up.
 */
function halt(run: StoppingRun, why: Words | null): void {
  const wasPaused = run.status.state === 'paused'
  setStatus(run, 'cancelling', why)
  run.halting.abort()
  if (wasPaused) run.gate.wake()
}

export function cancelRun(run: StoppingRun): void {
  if (isUnderWay(run.status.state)) halt(run, runCancelling())
}

/** Stops the run for a failure every row would meet, unless a cancel came first. */
export function stopRun(run: StoppingRun, error: AppError): void {
  if (!isUnderWay(run.status.state)) return
  run.status.stopped = stoppedBy(error)
  halt(run, null)
}

/** Stops the run for a part of it that failed; the first reason given is the one kept. */
export function faultRun(run: StoppingRun, error: unknown): void {
  run.status.stopped ??= stoppedByFault(error)
  if (run.status.state === 'cancelled') return
  // Said with the run's end, which follows once the calls in flight are done.
  const wasPaused = run.status.state === 'paused'
  run.status.state = 'cancelling'
  run.halting.abort()
  if (wasPaused) run.gate.wake()
}
