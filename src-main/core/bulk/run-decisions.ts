import type { BulkMode, RunState } from '../../../src-shared/bulk'
import type { ErrorCode } from '../../../src-shared/ipc'
import type { CreateUserRequest, UserRecord } from '../../../src-shared/service'
import type { AppError } from '../errors/app-error'
import { maySendAgain, type FailedSend } from '../client/retry-policy'
import { matchesCreate } from '../client/service-answers'

// The run's decisions, as pure functions of what it knows: what a failed call means for its row
// and for the run, when a Create may be sent again, and how a run ends. The engine's parts only
// carry them out (bulk-run.ts).

/** A failed call, as much of its error as the decisions read. */
export type CallFailure = Pick<AppError, 'code' | 'status' | 'noAnswer'>

/** A Create (POST: never sent twice blindly), or a call that may repeat (GET, PUT). */
export type CallKind = 'create' | 'idempotent'

/** What the run does after a failed send of one of a row's calls. */
export type Verdict =
  /** A failure of the whole run: it stops, and the row is set aside for a resume. */
  | 'stop'
  /** The service is limiting the client: every worker waits, then the call is sent again. */
  | 'hold'
  /** This row waits, then sends the call again. */
  | 'again'
  /** A Create that may have reached the service: a Retrieve must tell before anything else. */
  | 'reconcile'
  /** The row ends not knowing whether its Create was made: the user must look it up. */
  | 'unknown'
  /** The row ends with this failure. */
  | 'final'

/** Refusals of the whole run, not of a row: every other row would meet them too. */
const RUN_LEVEL = new Set<ErrorCode>([
  'UNAUTHORIZED',
  'FORBIDDEN',
  'KEYCHAIN_UNAVAILABLE',
  'SECRET_MISSING',
])

/**
 * A Create the client reports as TIMEOUT or NETWORK without saying whether it was sent: its
 * answer was lost, and the client's own Retrieve found no user. The service may still be making
 * it (a slow one commits late), so a 409 after it is reconciled, never taken for a duplicate.
 */
const settledNotMade = (failure: CallFailure) =>
  failure.noAnswer === undefined && (failure.code === 'TIMEOUT' || failure.code === 'NETWORK')

/** The failure in the retry policy's terms; undefined when no send failed (refused locally). */
function failedSend(failure: CallFailure): FailedSend | undefined {
  if (failure.noAnswer !== undefined) return { noAnswer: failure.noAnswer }
  if (failure.status !== undefined) return { status: failure.status }
  return settledNotMade(failure) ? { noAnswer: { sent: false, tls: false } } : undefined
}

/** Whether the failed call may have been done by the service (and a Create made a user). */
export function mayHaveReached(failure: CallFailure): boolean {
  if (failure.code === 'SERVER' || failure.code === 'OUTCOME_UNKNOWN') return true
  return failure.noAnswer?.sent === true || settledNotMade(failure)
}

/**
 * What a failed send means, once the row's budget is counted (`spent`: no send is left). What
 * every row would meet stops the run: credentials refused, a certificate or TLS handshake refused
 * (nothing was sent, and trying again cannot mend it), a service still unreachable after the
 * whole budget. A Create that may have reached the service is never sent again before a
 * Retrieve; any other failure the retry policy allows is sent again.
 */
export function verdictOn(failure: CallFailure, call: CallKind, spent: boolean): Verdict {
  if (RUN_LEVEL.has(failure.code) || failure.noAnswer?.tls === true) return 'stop'
  if (spent && failure.noAnswer?.sent === false) return 'stop'
  if (call === 'create' && mayHaveReached(failure) && !settledNotMade(failure))
    return spent ? 'unknown' : 'reconcile'
  const send = failedSend(failure)
  if (spent || send === undefined || !maySendAgain(send, call === 'create' ? 'POST' : 'PUT'))
    return 'final'
  return failure.code === 'RATE_LIMITED' ? 'hold' : 'again'
}

/**
 * A failed Create, as `verdictOn` reads it, and its 409: the user exists. Create or update then
 * updates it; after a Create that may have been sent, a Retrieve tells whether it is ours.
 */
export function createVerdict(
  failure: CallFailure,
  {
    mode,
    maybeSent,
    spent,
  }: { mode: 'create' | 'createOrUpdate'; maybeSent: boolean; spent: boolean },
): Verdict | 'update' {
  if (failure.code === 'CONFLICT') {
    // Nothing is sent once the budget is spent, not even the Update a 409 leads to.
    if (spent) return 'final'
    if (mode === 'createOrUpdate') return 'update'
    return maybeSent ? 'reconcile' : 'final'
  }
  return verdictOn(failure, 'create', spent)
}

/** The first call of a mode's row: a Create, or a Retrieve and maybe a PUT (both may repeat). */
const callOf = (mode: BulkMode): CallKind =>
  mode === 'create' || mode === 'createOrUpdate' ? 'create' : 'idempotent'

/**
 * What an answer lost after the request was sent means for a row of each mode: a Create may have
 * been made, so a Retrieve must tell before it is sent again; an Update, a status set or a read
 * leaves the same user however often it is sent, so it is sent again.
 */
export const lostAnswerMeans = (mode: BulkMode): Verdict =>
  verdictOn(
    { code: 'NETWORK', status: undefined, noAnswer: { sent: true, tls: false } },
    callOf(mode),
    false,
  )

/** What the Retrieve that reconciles a Create found, and what the row does next. */
type AfterRetrieve = 'send' | 'update' | 'created' | 'unknown'

/**
 * A Create is sent again only after a Retrieve shows the user absent. A user there is ours when it
 * holds what was sent (created, its answer lost); Create or update updates it either way.
 */
export function afterRetrieve(
  found: UserRecord | null,
  user: CreateUserRequest,
  mode: 'create' | 'createOrUpdate',
): AfterRetrieve {
  if (found === null) return 'send'
  if (mode === 'createOrUpdate') return 'update'
  return matchesCreate(found, user) ? 'created' : 'unknown'
}

/** What a worker does in each state of its run: take a row, wait for a resume, or end. */
export function workerStep(state: RunState): 'take' | 'wait' | 'end' {
  if (state === 'running') return 'take'
  return state === 'paused' ? 'wait' : 'end'
}

/**
 * How a run whose workers are all done ends: finished when it ran out of rows; cancelled (its
 * ledger kept for a resume, an export's file not written) when cancelled or stopped, or when a
 * part of it failed (`faulted`: its file changed, its ledger could not be written).
 */
export function runEnding(state: RunState, faulted: boolean): 'finished' | 'cancelled' {
  return !faulted && state !== 'cancelling' && state !== 'cancelled' ? 'finished' : 'cancelled'
}
