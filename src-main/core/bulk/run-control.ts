import { setMaxListeners } from 'node:events'
import type { RunState } from '../../../src-shared/bulk'
import type { AppErrorShape } from '../../../src-shared/ipc'
import type { AppError } from '../errors/app-error'
import type { ServiceClient } from '../client/service-client'
import { resumeGate, serviceHold } from './run-gates'
import {
  cancelRun,
  faultRun,
  setStatus,
  stopRun,
  type RunStatus,
  type StoppingRun,
} from './run-stops'
import { runPaused, type Words } from './run-words'

/** Waits are slept in steps this long at most, so a pause or a cancel is never held up by one. */
const WAIT_STEP_MS = 250

/**
 * A run's state and what moves it: pause, resume, cancel, a stop for a failure every row would
 * meet, and the service's hold on every call (a 429). Workers ask it when they may send.
 */
export interface RunControl {
  readonly state: RunState
  /** What the run is waiting for, if anything, said for the page. */
  readonly waiting: Words | null
  /** The failure that stopped the run by itself, if one did. */
  readonly stopped: AppErrorShape | null
  /** Until when the service holds every call back (a clock time; 0 when it never did). */
  readonly holdUntil: number
  /** Aborted once the run takes no more rows: its calls still connecting are given up. */
  readonly halted: AbortSignal
  /** Workers waiting for a resume: taken rows that are not in flight. */
  readonly parked: number
  /** The client to send with; asked again on resume (its credentials may have been fixed). */
  client(): Promise<ServiceClient>
  pause(): void
  resume(): void
  cancel(): void
  /** Stops the run for a failure every row would meet, unless a cancel came first. */
  stop(error: AppError): void
  /** Stops the run for a part of it that failed; the first reason given is the one kept. */
  fault(error: unknown): void
  say(waiting: Words | null): void
  /** Holds every worker back for `ms` (a 429), without shortening a hold already longer. */
  holdAll(ms: number): void
  /** A call was answered: what the run waited for is over, unless the service still holds it. */
  answered(): void
  /** Returns when this worker may send: the service's hold waited out, a pause over. */
  untilAllowed(): Promise<void>
  /** Waits `ms` for this worker alone, cut short by a pause or a cancel. */
  waitFor(ms: number): Promise<void>
  /** Returns on resume, or on cancel. */
  whilePaused(): Promise<void>
  end(state: 'finished' | 'cancelled'): void
}

export function createRunControl(options: {
  client: () => Promise<ServiceClient>
  sleep: (ms: number) => Promise<void>
  now: () => number
  /** Every change of state or of what the run waits for, to tell the page at once. */
  changed: () => void
}): RunControl {
  const { sleep, now, changed } = options
  const status: RunStatus = { state: 'running', waiting: null, stopped: null }
  const hold = serviceHold(now)
  const gate = resumeGate()
  const halting = new AbortController()
  // Every call in flight listens to it (http-transport.ts): as many as the run's workers.
  setMaxListeners(0, halting.signal)
  const run: StoppingRun = { status, halting, gate, changed }
  let client = askClient(options.client)

  async function waitFor(ms: number): Promise<void> {
    for (let left = ms; status.state === 'running' && left > 0; left -= WAIT_STEP_MS)
      await sleep(Math.min(WAIT_STEP_MS, left))
  }

  return {
    get state() {
      return status.state
    },
    get waiting() {
      return status.waiting
    },
    get stopped() {
      return status.stopped
    },
    get holdUntil() {
      return hold.until()
    },
    get parked() {
      return gate.parked()
    },
    halted: halting.signal,
    client: () => client,
    pause() {
      if (status.state === 'running') setStatus(run, 'paused', runPaused())
    },
    resume() {
      if (status.state !== 'paused') return
      client = askClient(options.client)
      setStatus(run, 'running', null)
      gate.wake()
    },
    cancel: () => cancelRun(run),
    stop: (error) => stopRun(run, error),
    fault: (error) => faultRun(run, error),
    say(why) {
      status.waiting = why
      changed()
    },
    holdAll: hold.holdAll,
    answered() {
      // A call answered while the service holds the others back (it was sent before the 429)
      // does not end the wait: the reason stays on screen until the wait is over.
      if (hold.over()) status.waiting = null
    },
    async untilAllowed() {
      await hold.waitOut(() => status.state === 'running', waitFor)
      await gate.parkWhile(() => status.state === 'paused')
    },
    waitFor,
    whilePaused: () => gate.whenResumed(),
    end(next) {
      setStatus(run, next, null)
    },
  }
}

/** A new client, awaited by the first call: a run that makes none must not leave it unhandled. */
function askClient(client: () => Promise<ServiceClient>): Promise<ServiceClient> {
  const asked = client()
  asked.catch(() => undefined)
  return asked
}
