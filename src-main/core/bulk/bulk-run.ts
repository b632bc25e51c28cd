import { OUTCOMES, type Outcome, type RunProgress, type RunState } from '../../../src-shared/bulk'
import { sharedText } from '../../../src-shared/messages'
import type { CreateUserRequest, UserRecord } from '../../../src-shared/service'
import type { AppErrorShape } from '../../../src-shared/ipc'
import type { EnvironmentKind } from '../../../src-shared/environments'
import { AppError } from '../app-error'
import { matchesCreate, type ServiceClient } from '../service-client'
import type { Ledger, LedgerState } from './ledger'
import type { RowRequest } from './row-input'
import { readAhead } from './read-ahead'
import { existedUpdated, updatableFields } from './row-writes'
import { updateWhole } from '../update-guard'

export interface RowResult {
  row: number
  token: string
  outcome: Outcome
  status: number | null
  message: string
}

/** Where an export's records go; nothing reaches the file's path until commit. */
export interface ExportSink {
  write(record: UserRecord): Promise<void>
  commit(): Promise<void>
  abort(): Promise<void>
}

export interface RunSetup {
  runId: string
  mode: RunProgress['mode']
  environmentId: string
  environmentName: string
  environmentKind: EnvironmentKind
  /** The valid rows of the file, in order; rows done in an earlier session are left out. */
  rows: AsyncIterable<{ row: number; request: RowRequest }>
  total: number
  concurrency: number
  /** The environment's client, asked again after a pause (its credentials may have been fixed). */
  client: () => Promise<ServiceClient>
  ledger: Ledger | null
  before: LedgerState | null
  exportSink: ExportSink | null
  onProgress?: (progress: RunProgress) => void
  sleep?: (ms: number) => Promise<void>
  now?: () => number
}

export interface BulkRun {
  readonly id: string
  progress(): RunProgress
  results(): readonly RowResult[]
  /** Rows taken but set aside by a pause or cancel; `unsure` when a Create of theirs may have been sent. */
  setAside(): readonly { row: number; token: string; unsure: boolean }[]
  pause(): void
  resume(): void
  cancel(): void
  /** Settles when the run is finished or cancelled, with its last progress. */
  readonly settled: Promise<RunProgress>
}

const MAX_ATTEMPTS = 8
const MAX_BACKOFF_MS = 30_000
const MAX_RETRY_AFTER_MS = 5 * 60_000
const PROGRESS_EVERY_MS = 200
const RATE_WINDOW_MS = 10_000

/** Failures that say nothing about the row: wait, then send it again (safe: see `attempt`). */
const TRANSIENT = new Set(['RATE_LIMITED', 'TIMEOUT', 'NETWORK'])
/** Refusals of the whole run, not of a row: every other row would meet them too. */
const RUN_LEVEL = new Set(['UNAUTHORIZED', 'FORBIDDEN', 'KEYCHAIN_UNAVAILABLE', 'SECRET_MISSING'])

/**
 * Whether a failure stops the whole run, now or once the row's attempts are spent: a refusal of
 * the credentials, a certificate or TLS handshake refused (nothing was sent, and trying again
 * cannot mend it), or a service that still cannot be reached after them.
 */
function stopsRun(error: AppError, spent: boolean): boolean {
  if (RUN_LEVEL.has(error.code) || error.noAnswer?.tls === true) return true
  return spent && error.noAnswer?.sent === false
}

/** The row's work stops here, for a pause, a cancel or a stop; it is set aside, not recorded. */
class PauseRun extends Error {
  constructor(readonly maybeSent = false) {
    super('paused')
  }
}

type Item = { row: number; request: RowRequest; unsure?: boolean }

/**
 * Sends the rows with a bounded number of calls in flight. A Create is never sent twice blindly:
 * a transport failure is reconciled by the client itself (a Retrieve), a 5xx and a row left in
 * flight by an earlier session are reconciled here the same way, and only a row the service
 * shows it does not have is sent again.
 */
export function startRun(setup: RunSetup): BulkRun {
  const sleep = setup.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  const now = setup.now ?? Date.now
  const counts = Object.fromEntries(OUTCOMES.map((o) => [o, 0])) as Record<Outcome, number>
  for (const { outcome } of setup.before?.done.values() ?? []) counts[outcome] += 1
  const doneBefore = setup.before?.done.size ?? 0
  const results: RowResult[] = []
  const finishedAt: number[] = []
  /** Rows set aside by a pause or cancel; `unsure` when a Create of theirs may have been sent. */
  const retryFirst: Item[] = []
  const rows = setup.rows[Symbol.asyncIterator]()
  let state: RunState = 'running'
  let waiting: string | null = null
  let stopped: AppErrorShape | null = null
  let notBefore = 0
  let resumeSignal: (() => void) | undefined
  let resumed = new Promise<void>((resolve) => (resumeSignal = resolve))
  let lastEmit = 0
  let lateEmit: ReturnType<typeof setTimeout> | undefined
  /** Rows taken and not yet recorded, and how many of them wait for a resume. */
  let taken = 0
  let parked = 0
  let client: Promise<ServiceClient> = setup.client()
  // Awaited by the first call; a run that makes none must not leave it unhandled.
  client.catch(() => undefined)

  function progress(): RunProgress {
    const done = results.length + doneBefore
    const failed = counts.failed + counts.unknown
    const remaining = Math.max(0, setup.total - done)
    const since = now() - RATE_WINDOW_MS
    const recent = finishedAt.filter((at) => at >= since).length
    const ratePerSecond = recent / (RATE_WINDOW_MS / 1000)
    return {
      runId: setup.runId,
      mode: setup.mode,
      state,
      environmentId: setup.environmentId,
      environmentName: setup.environmentName,
      environmentKind: setup.environmentKind,
      total: setup.total,
      done,
      failed,
      remaining,
      counts: { ...counts },
      doneBefore,
      inFlight: taken - parked,
      ratePerSecond,
      // A service holding every call back for a while adds that while to what is left.
      etaSeconds:
        ratePerSecond > 0 && state === 'running'
          ? Math.max(0, notBefore - now()) / 1000 + remaining / ratePerSecond
          : null,
      waiting,
      stopped,
    }
  }

  function emit(force = false): void {
    if (!setup.onProgress) return
    const at = now()
    if (!force && at - lastEmit < PROGRESS_EVERY_MS) {
      // Sent when its turn comes, not with the next change: before a long wait (a Retry-After)
      // there may be no next change for minutes, and the page would show a count already past.
      lateEmit ??= setTimeout(() => emit(true), PROGRESS_EVERY_MS - (at - lastEmit))
      lateEmit.unref()
      return
    }
    clearTimeout(lateEmit)
    lateEmit = undefined
    lastEmit = at
    try {
      setup.onProgress(progress())
    } catch {
      // A listener's failure is the listener's: the run goes on.
    }
  }

  function setState(next: RunState, why: string | null = waiting): void {
    state = next
    waiting = why
    emit(true)
  }

  /** No new row is taken; calls in flight finish, and workers waiting for a resume wake up. */
  function halt(why: string | null): void {
    const wasPaused = state === 'paused'
    setState('cancelling', why)
    if (wasPaused) {
      resumeSignal?.()
      resumed = new Promise<void>((resolve) => (resumeSignal = resolve))
    }
  }

  /** Stops the run for a failure every row would meet, unless a cancel came first. */
  function stop(error: AppError): void {
    if (state !== 'running' && state !== 'paused') return
    stopped = {
      ...error.toShape(),
      message: sharedText('fixAndResume', { message: error.message }),
    }
    halt(null)
  }

  async function untilAllowed(): Promise<void> {
    // Slept in short steps, so a pause or a cancel is not held up by a long Retry-After.
    while (state === 'running' && now() < notBefore) await sleep(Math.min(250, notBefore - now()))
    while (state === 'paused') {
      parked += 1
      try {
        await resumed
      } finally {
        parked -= 1
      }
    }
  }

  async function retrieveOrNull(c: ServiceClient, token: string): Promise<UserRecord | null> {
    try {
      return await c.retrieve(token)
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return null
      throw error
    }
  }

  /**
   * Waits before a call is sent again. A 429 holds every worker back (the service is limiting
   * the whole client) for its Retry-After, or a backoff without one; any other failure backs off
   * this row alone, so one flaky answer does not slow the others.
   */
  async function backOff(error: AppError, tries: number): Promise<void> {
    const backoff = Math.min(MAX_BACKOFF_MS, 250 * 2 ** (tries - 1))
    if (error.code === 'RATE_LIMITED') {
      const wait = Math.min(MAX_RETRY_AFTER_MS, error.retryAfterMs ?? backoff)
      notBefore = Math.max(notBefore, now() + wait)
      waiting = sharedText('waitingRateLimit', { seconds: Math.ceil(wait / 1000) })
      emit(true)
      return
    }
    waiting = sharedText('tryingAgain', {
      message: error.message,
      seconds: Math.ceil(backoff / 1000),
    })
    emit(true)
    for (const until = now() + backoff; state === 'running' && now() < until;)
      await sleep(Math.min(250, until - now()))
  }

  /**
   * One call, sent again while its failure says nothing about the row: a 429 (refused, so not
   * done), a timeout or network failure (which the client only reports for a call that did not
   * happen, Create included), and a 5xx for the calls that may repeat (not Create). A failure of
   * the whole run (see stopsRun) stops it, and the row is set aside for a resume.
   */
  async function attempt<T>(
    call: (client: ServiceClient) => Promise<T>,
    options: { repeatable: boolean; onRetry?: (error: AppError) => void },
  ): Promise<T> {
    for (let tries = 1; ; tries++) {
      await untilAllowed()
      if (state === 'cancelling') throw new PauseRun()
      try {
        const result = await call(await client)
        // A call answered while the service holds the others back (it was sent before the 429)
        // does not end the wait: the reason stays on screen until the wait is over.
        if (now() >= notBefore) waiting = null
        return result
      } catch (error) {
        if (!(error instanceof AppError)) throw error
        if (stopsRun(error, tries >= MAX_ATTEMPTS)) {
          stop(error)
          throw new PauseRun()
        }
        const again = TRANSIENT.has(error.code) || (error.code === 'SERVER' && options.repeatable)
        if (!again || tries >= MAX_ATTEMPTS) throw error
        options.onRetry?.(error)
        await backOff(error, tries)
      }
    }
  }

  /**
   * Create, reconciled whenever the row may already have reached the service: a row left in
   * flight by an earlier session, a 5xx (which may come after the write), a Create the client
   * could not settle, a timeout or network failure before a new attempt, a 409 after any of
   * these. From then on a failure to find out is an unknown outcome, never a plain failure.
   */
  async function create(
    request: Extract<RowRequest, { user: CreateUserRequest }>,
    unsure: boolean,
  ): Promise<Omit<RowResult, 'row' | 'token'>> {
    const { user, token, mode } = request
    let maybeSent = unsure
    const unknown = (why: string) =>
      new AppError('OUTCOME_UNKNOWN', sharedText('lookUpBeforeResending', { message: why }))
    for (let tries = 1; ; tries++) {
      if (maybeSent) {
        let found: UserRecord | null
        try {
          found = await attempt((c) => retrieveOrNull(c, token), { repeatable: true })
        } catch (error) {
          if (error instanceof PauseRun) throw new PauseRun(true)
          if (!(error instanceof AppError)) throw error
          throw unknown(sharedText('createMaybeSent', { message: error.message }))
        }
        if (found && mode === 'createOrUpdate') return update(token, user)
        if (found && matchesCreate(found, user))
          return {
            outcome: 'created',
            status: null,
            message: sharedText('createdAnswerLost'),
          }
        if (found)
          return {
            outcome: 'unknown',
            status: null,
            message: sharedText('existsNotMatching'),
          }
      }
      try {
        const written = await attempt((c) => c.createWithoutRecord(user), {
          repeatable: false,
          // A timeout or network failure the client reports is safe to retry, but a slow
          // service may still commit the first attempt: what follows is reconciled.
          onRetry: (error) => {
            if (error.code !== 'RATE_LIMITED') maybeSent = true
          },
        })
        return {
          outcome: 'created',
          status: 201,
          message: written.note ?? sharedText('rowCreated'),
        }
      } catch (error) {
        if (error instanceof PauseRun) throw new PauseRun(maybeSent || error.maybeSent)
        if (!(error instanceof AppError)) throw error
        if (error.code === 'CONFLICT' && mode === 'createOrUpdate') return update(token, user)
        if (error.code === 'CONFLICT' && maybeSent && tries < MAX_ATTEMPTS) continue
        if (error.code === 'SERVER' || error.code === 'OUTCOME_UNKNOWN') {
          maybeSent = true
          if (tries >= MAX_ATTEMPTS) throw unknown(error.message)
          if (error.code === 'SERVER') await backOff(error, tries)
          continue
        }
        throw error
      }
    }
  }

  async function update(token: string, user: CreateUserRequest) {
    const written = await attempt((c) => updateWhole(c, token, updatableFields(user)), {
      repeatable: true,
    })
    return {
      outcome: 'updated' as const,
      status: 200,
      message: existedUpdated(user, written.note),
    }
  }

  async function perform(item: Item, unsure: boolean): Promise<Omit<RowResult, 'row' | 'token'>> {
    const { request } = item
    switch (request.mode) {
      case 'create':
      case 'createOrUpdate':
        return create(request, unsure)
      case 'update':
        await attempt((c) => updateWhole(c, request.token, request.changes), { repeatable: true })
        return { outcome: 'updated', status: 200, message: sharedText('rowUpdated') }
      case 'setStatus':
        await attempt((c) => updateWhole(c, request.token, { status: request.status }), {
          repeatable: true,
        })
        return {
          outcome: 'statusSet',
          status: 200,
          message: sharedText('rowStatusSet', { status: request.status }),
        }
      case 'export': {
        const record = await attempt((c) => c.retrieve(request.token), { repeatable: true })
        await setup.exportSink?.write(record)
        return { outcome: 'exported', status: 200, message: sharedText('rowExported') }
      }
    }
  }

  /** One row: in flight from its ledger line before the call until its outcome is recorded. */
  async function handle(item: Item): Promise<void> {
    const { row, request } = item
    taken += 1
    try {
      await setup.ledger?.sending(row, request.token)
      let result: Omit<RowResult, 'row' | 'token'>
      try {
        result = await perform(
          item,
          item.unsure === true || setup.before?.inFlight.has(row) === true,
        )
      } catch (error) {
        // Set aside by a pause for a failure of the whole run, or by a cancel: taken up again
        // first on resume, reconciled first if a Create of it may have been sent.
        if (error instanceof PauseRun) {
          retryFirst.push({ ...item, unsure: item.unsure === true || error.maybeSent })
          return
        }
        if (!(error instanceof AppError)) throw error
        result = {
          outcome: error.code === 'OUTCOME_UNKNOWN' ? 'unknown' : 'failed',
          status: error.status ?? null,
          message: error.message,
        }
      }
      await setup.ledger?.done(row, request.token, result.outcome, result.status)
      counts[result.outcome] += 1
      results.push({ row, token: request.token, ...result })
      finishedAt.push(now())
      if (finishedAt.length > 4096) finishedAt.splice(0, 2048)
    } finally {
      taken -= 1
    }
    emit()
  }

  const reader = readAhead(rows, () => state === 'cancelling')

  async function next(): Promise<Item | undefined> {
    return retryFirst.shift() ?? reader.next()
  }

  async function worker(): Promise<void> {
    for (;;) {
      while (state === 'paused') await resumed
      if (state === 'cancelling') return
      const item = await next()
      if (item === undefined) return
      await handle(item)
    }
  }

  async function run(): Promise<RunProgress> {
    try {
      // Workers wait out a pause where they are, so they all end only when the rows do, or on
      // cancel. One that fails (a full disk under the ledger, a file changed under the reader)
      // stops the others, and their calls in flight finish, before anything is closed.
      const workers = await Promise.allSettled(
        Array.from({ length: setup.concurrency }, () =>
          worker().catch((error: unknown) => {
            if (state !== 'cancelled') state = 'cancelling'
            throw error
          }),
        ),
      )
      await reader.close()
      const failed = workers.find((w): w is PromiseRejectedResult => w.status === 'rejected')
      if (failed) throw failed.reason
      if (state === 'cancelling') {
        await setup.exportSink?.abort()
        await setup.ledger?.cancelled()
        await setup.ledger?.close()
        setState('cancelled', null)
      } else {
        await setup.exportSink?.commit()
        await setup.ledger?.finished()
        setState('finished', null)
      }
    } catch (error) {
      // The run ends as cancelled whatever else fails now: it must never look under way.
      await Promise.allSettled([setup.exportSink?.abort(), setup.ledger?.close()])
      // The first failure says why the run stopped; what failed while it stopped comes second.
      stopped ??=
        error instanceof AppError
          ? error.toShape()
          : {
              code: 'INTERNAL',
              message: sharedText('runStopped', {
                reason: error instanceof Error ? error.message : String(error),
              }),
            }
      setState('cancelled', null)
    }
    return progress()
  }

  const settled = run()
  return {
    id: setup.runId,
    progress,
    results: () => results,
    setAside: () =>
      retryFirst.map(({ row, request, unsure }) => ({
        row,
        token: request.token,
        unsure: unsure === true,
      })),
    pause() {
      if (state === 'running') setState('paused', sharedText('runPaused'))
    },
    resume() {
      if (state !== 'paused') return
      client = setup.client()
      waiting = null
      state = 'running'
      resumeSignal?.()
      resumed = new Promise<void>((resolve) => (resumeSignal = resolve))
      emit(true)
    },
    cancel() {
      if (state !== 'running' && state !== 'paused') return
      halt(sharedText('runCancelling'))
    },
    settled,
  }
}
