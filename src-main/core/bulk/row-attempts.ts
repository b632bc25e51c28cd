import { AppError } from '../errors/app-error'
import { retryWait, ROW_RETRIES, type RetryBudget } from '../client/retry-policy'
import type { ServiceClient } from '../client/service-client'
import type { RunControl } from './run-control'
import { verdictOn, type Verdict } from './run-decisions'
import { tryingAgain, waitingForRateLimit } from './run-words'

/** The row's work stops here, for a pause, a cancel or a stop; it is set aside, not recorded. */
export class PauseRun extends Error {
  constructor(readonly maybeSent = false) {
    super('paused')
  }
}

/** How a call's failure ends it, when it is not sent again. */
type CallEnd = Exclude<Verdict | 'update', 'again' | 'hold' | 'stop'>

export type Attempted<T> = { ok: true; value: T } | { ok: false; error: AppError; verdict: CallEnd }

export interface RowCalls {
  /** One of the row's calls: sent, and sent again for as long as `judge` says so. */
  attempt<T>(
    send: (client: ServiceClient) => Promise<T>,
    judge: (failure: AppError, spent: boolean) => Verdict | 'update',
    /** Told of each failure that is sent again, before the wait. */
    onAgain?: (failure: AppError) => void,
  ): Promise<Attempted<T>>
  /** Waits after a failure before the row's next call, as before sending a call again. */
  backOff(failure: AppError): Promise<void>
}

/**
 * A row's calls, sent under its one retry budget (retry-policy.ts): every failed send of any of
 * them counts. A 429 holds every worker back (the service is limiting the whole client) for its
 * Retry-After, or a backoff without one; any other failure backs off this row alone, so one flaky
 * answer does not slow the others. A failure of the whole run stops it and sets the row aside.
 */
export function rowAttempts(
  control: RunControl,
  budget: RetryBudget,
  random: () => number = Math.random,
): RowCalls {
  async function backOff(failure: AppError, verdict: 'again' | 'hold'): Promise<void> {
    const retryAfter = verdict === 'hold' ? failure.retryAfterMs : undefined
    const wait = retryWait(ROW_RETRIES, budget.failures, retryAfter, random)
    if (verdict === 'hold') {
      control.holdAll(wait.ms)
      control.say(waitingForRateLimit(wait.ms))
      return
    }
    control.say(tryingAgain(failure, wait.ms))
    await control.waitFor(wait.ms)
  }

  async function attempt<T>(
    send: (client: ServiceClient) => Promise<T>,
    judge: (failure: AppError, spent: boolean) => Verdict | 'update',
    onAgain?: (failure: AppError) => void,
  ): Promise<Attempted<T>> {
    for (;;) {
      await control.untilAllowed()
      if (control.state === 'cancelling') throw new PauseRun()
      try {
        const value = await send(await control.client())
        control.answered()
        return { ok: true, value }
      } catch (error) {
        if (!(error instanceof AppError)) throw error
        // Given up while connecting, as the run stopped: nothing was sent, the row is set aside.
        if (control.halted.aborted && error.noAnswer?.sent === false) throw new PauseRun()
        budget.fail()
        const verdict = judge(error, budget.spent)
        if (verdict === 'stop') {
          control.stop(error)
          throw new PauseRun()
        }
        if (verdict !== 'again' && verdict !== 'hold') return { ok: false, error, verdict }
        onAgain?.(error)
        await backOff(error, verdict)
      }
    }
  }

  return {
    attempt,
    backOff: (failure) => backOff(failure, failure.code === 'RATE_LIMITED' ? 'hold' : 'again'),
  }
}

/** A call that may repeat (GET, PUT): sent again as the policy allows, its last failure thrown. */
export async function idempotently<T>(
  calls: RowCalls,
  send: (client: ServiceClient) => Promise<T>,
): Promise<T> {
  const sent = await calls.attempt(send, (failure, spent) =>
    verdictOn(failure, 'idempotent', spent),
  )
  if (!sent.ok) throw sent.error
  return sent.value
}
