import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * The core's one retry policy: which failed sends may be sent again, how long to wait first, and
 * how many sends one call or one bulk row may make.
 *
 * Who retries. Outside a bulk run the exchange retries a GET or a PUT itself, with CALL_RETRIES;
 * a POST (Create) it sends once, and its caller decides. Inside a bulk row (`retriedByCaller`)
 * the exchange sends every call once, and the run retries, with ROW_RETRIES: one budget for the
 * whole row, whichever of its calls fails. The two layers never both retry one call, so their
 * attempts cannot multiply.
 *
 * The wait. Exponential backoff with jitter: `min(maxBackoffMs, backoffMs * 2^(n-1))` plus up to
 * `backoffMs` at random, after the n-th failed send. A 429's Retry-After replaces it, up to
 * `maxRetryAfterMs`: a longer one ends a single call with RATE_LIMITED (the user can try later),
 * and holds a bulk run for `maxRetryAfterMs` before its next try.
 *
 * The bound: how many requests reach the service at most, when it meets every one with a 503, a
 * 429 (Retry-After within the cap), or a dropped answer (the connection cut after the request was
 * handled). test/bulk/send-bound.test.ts counts the bulk rows at the sandbox.
 *
 *   one call, outside a run         503   429   dropped
 *     Retrieve, Update, Authenticate  3     3     3
 *     Create                          1     1     4   (the POST, then a Retrieve to settle it)
 *
 *   one bulk row (ROW_RETRIES)       503   429   dropped
 *     create, createOrUpdate          8     8     9   (the client's Retrieve after the POST rides
 *                                                     on the POST's attempt)
 *     update, setStatus, export       8     8     8
 *
 * A call that succeeds costs nothing from a row's budget, and nothing is sent once it is spent. So
 * under failures that come and go a row makes at most 8 failed attempts, each of at most 3 sends
 * (a guarded Update's Retrieve, its PUT, and the Retrieve after a PUT answered without the
 * record), besides the calls that succeed: a Retrieve before a PUT, or before a Create is sent
 * again, that found what the row needed.
 *
 * A 503 to a Create is followed by Retrieves, never by a blind second Create: a 5xx may come after
 * the write (bulk/run-decisions.ts). A row set aside by a pause or a stop and taken up again on
 * resume starts a new budget: resuming is the user's decision.
 */
export interface RetryPolicy {
  /** Failed attempts at which a call (CALL_RETRIES) or a bulk row (ROW_RETRIES) gives up. */
  readonly attempts: number
  /** The first wait; each next one doubles, up to `maxBackoffMs`. */
  readonly backoffMs: number
  readonly maxBackoffMs: number
  /** The longest Retry-After waited for. */
  readonly maxRetryAfterMs: number
}

export const CALL_RETRIES: RetryPolicy = {
  attempts: 3,
  backoffMs: 250,
  maxBackoffMs: 30_000,
  maxRetryAfterMs: 30_000,
}

/** A run can wait longer than a person at a form: the service limiting it is the run's pace. */
export const ROW_RETRIES: RetryPolicy = {
  attempts: 8,
  backoffMs: 250,
  maxBackoffMs: 30_000,
  maxRetryAfterMs: 5 * 60_000,
}

/** How long to wait after the `failures`-th failed send, before the next one. */
export function backoffMs(policy: RetryPolicy, failures: number, random: () => number): number {
  const doubled = policy.backoffMs * 2 ** Math.max(0, failures - 1)
  return Math.min(policy.maxBackoffMs, doubled) + random() * policy.backoffMs
}

/**
 * The wait before the next send: the service's Retry-After up to the cap, or the backoff.
 * `beyondCap`: the service asked for longer than the policy waits.
 */
export function retryWait(
  policy: RetryPolicy,
  failures: number,
  retryAfterMs: number | undefined,
  random: () => number,
): { ms: number; beyondCap: boolean } {
  if (retryAfterMs === undefined)
    return { ms: backoffMs(policy, failures, random), beyondCap: false }
  return {
    ms: Math.min(policy.maxRetryAfterMs, retryAfterMs),
    beyondCap: retryAfterMs > policy.maxRetryAfterMs,
  }
}

/** A send that failed: answered with a status, or not answered at all. */
export type FailedSend =
  | { readonly status: number }
  | { readonly noAnswer: { readonly sent: boolean; readonly tls: boolean } }

/** Statuses of a gateway or a service that did not handle the request (a 500 may have). */
const PASSING_STATUSES = new Set([502, 503, 504])

/**
 * Whether a send that failed so may be sent again as it was: a 429 (refused, so nothing was done),
 * a connection never made (nothing left the machine), and a 502/503/504 or a lost answer for a
 * call that may repeat (GET, PUT). Never a refused certificate or TLS handshake: no later send
 * gets past it. Never a POST that may have reached the service: its caller finds out first.
 */
export function maySendAgain(failure: FailedSend, method: 'GET' | 'PUT' | 'POST'): boolean {
  if ('status' in failure)
    return failure.status === 429 || (method !== 'POST' && PASSING_STATUSES.has(failure.status))
  if (failure.noAnswer.tls) return false
  return !failure.noAnswer.sent || method !== 'POST'
}

/** A row's budget: every failed send of any of its calls takes one attempt from it. */
export interface RetryBudget {
  readonly failures: number
  /** Counts one failed send; true while another send is allowed. */
  fail(): boolean
  readonly spent: boolean
}

export function retryBudget(policy: RetryPolicy): RetryBudget {
  let failures = 0
  return {
    get failures() {
      return failures
    },
    fail() {
      failures += 1
      return failures < policy.attempts
    },
    get spent() {
      return failures >= policy.attempts
    },
  }
}

/**
 * The exchange cannot be handed the row's budget: it is reached through the service client,
 * whose calls take none. So the row's work runs inside this scope, and the exchange, seeing it,
 * sends each call once and leaves the retrying to the run.
 */
const callerRetries = new AsyncLocalStorage<true>()

/** Runs `work` with every call it makes sent once by the exchange: the caller retries them. */
export function retriedByCaller<T>(work: () => Promise<T>): Promise<T> {
  return callerRetries.run(true, work)
}

export function isRetriedByCaller(): boolean {
  return callerRetries.getStore() === true
}
