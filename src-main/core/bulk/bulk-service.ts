import { randomUUID } from 'node:crypto'
import { basename } from 'node:path'
import type {
  ListedResult,
  ResumableRun,
  RunResultsInput,
  RunResultsPage,
  RunProgress,
  SavedFile,
  StartRunInput,
} from '../../../src-shared/bulk'
import { said, SOURCE_LANGUAGE, type Language } from '../../../src-shared/messages'
import { AppError } from '../app-error'
import { messageTranslator } from '../message-translator'
import type { CoreContext } from '../core-context'
import type { BulkRun } from './bulk-run'
import type { WriteTarget } from '../files/whole-file'
import { spreadsheetSafe, writeCsvFile } from './csv-output'
import { discardLedger, isClaimed, unfinishedRuns } from './ledger'
import { subsetPlan } from './plan'
import { createPlanStore, notHeld, unchanged } from './plan-store'
import { runLauncher, type ExportTarget } from './run-launch'
import { listedResults, rerunRows, resultsPage, saidErrors, type HeldRun } from './run-results'

/**
 * Bulk work for every face: files checked and planned (plan-store.ts), runs started
 * (run-launch.ts), watched, paused, resumed and cancelled, results saved. A run is pinned to the
 * environment that was active when it started, whatever is chosen later.
 */
export function createBulkService(
  context: CoreContext,
  dataDirectory: string,
  /** How runs wait between retries: the client's own waiting, which tests shorten. */
  sleep?: (ms: number) => Promise<void>,
) {
  const plans = createPlanStore()
  const runs = new Map<string, HeldRun>()
  const listeners = new Set<(progress: RunProgress) => void>()
  const launcher = runLauncher(context, dataDirectory, {
    sleep,
    onProgress: (progress) => {
      for (const listener of listeners) listener(progress)
    },
  })

  function runOf(runId: string) {
    const held = runs.get(runId)
    if (!held) throw notHeld('runNotHeld')
    return held
  }

  /** The run under way (running, paused or cancelling), if any: one at a time. */
  function current(): BulkRun | undefined {
    return [...runs.values()]
      .map(({ run }) => run)
      .find((run) => {
        const { state } = run.progress()
        return state === 'running' || state === 'paused' || state === 'cancelling'
      })
  }

  let starting = false
  /**
   * Starts a run with nothing else starting or under way. The claim is taken before the first
   * await, so two calls at once (two faces, a script) cannot both start one.
   */
  async function exclusively(start: () => Promise<HeldRun>): Promise<RunProgress> {
    if (current() !== undefined || starting) throw new AppError('VALIDATION', said('runInProgress'))
    starting = true
    try {
      const held = await start()
      runs.set(held.run.id, held)
      return held.run.progress()
    } finally {
      starting = false
    }
  }

  return {
    inspect: plans.inspect,
    dryRun: plans.dryRun,
    rows: plans.rows,
    saveInvalid: plans.saveInvalid,

    start: (
      input: Omit<StartRunInput, 'exportTo'> & { exportTo?: ExportTarget | undefined },
    ): Promise<RunProgress> =>
      exclusively(async () => {
        const plan = plans.planOf(input.planId)
        await unchanged(plan)
        return launcher.launch(plan, {
          runId: randomUUID(),
          concurrency: input.concurrency,
          confirmEnvironment: input.confirmEnvironment,
          exportTo: input.exportTo,
          environmentId: null,
          resumed: null,
        })
      }),

    /** The run under way, for a face that opens while one is going (or comes back to it). */
    current: (): RunProgress | null => current()?.progress() ?? null,

    control(input: { runId: string; action: 'pause' | 'resume' | 'cancel' }): RunProgress {
      const { run } = runOf(input.runId)
      run[input.action]()
      return run.progress()
    },

    progress: (runId: string): RunProgress => runOf(runId).run.progress(),

    /** Settles when the run has finished or been cancelled. */
    settled: (runId: string): Promise<RunProgress> => runOf(runId).run.settled,

    async saveResults(
      input: WriteTarget & { runId: string; language?: Language | undefined },
    ): Promise<SavedFile> {
      const say = await messageTranslator(input.language ?? SOURCE_LANGUAGE)
      const said = (result: ListedResult) =>
        result.errors !== null
          ? saidErrors(result.errors, say)
          : result.said
            ? say(result.said)
            : ''
      const lines = [
        ['row', 'token', 'outcome', 'status', 'message'],
        ...(await listedResults(runOf(input.runId))).map((result) => [
          String(result.row),
          spreadsheetSafe(result.token),
          result.outcome,
          result.status === null ? '' : String(result.status),
          spreadsheetSafe(said(result)),
        ]),
      ]
      const rows = await writeCsvFile(input, lines)
      return { name: basename(input.path), rows }
    },

    results: async (input: RunResultsInput): Promise<RunResultsPage> =>
      resultsPage(await listedResults(runOf(input.runId)), input),

    /** A new run of exactly the rows of an ended run that failed or were never sent. */
    rerun: (input: {
      runId: string
      concurrency: number
      confirmEnvironment?: string | undefined
    }): Promise<RunProgress> =>
      exclusively(async () => {
        const held = runOf(input.runId)
        // A cancelled or stopped run keeps its ledger to be resumed: sending its rows in a new
        // run as well could send them twice.
        const { state, stopped, environmentId } = held.run.progress()
        if (state !== 'finished' || stopped !== null)
          throw new AppError('VALIDATION', said('rerunOnlyFinished'))
        const rows = rerunRows(await listedResults(held))
        if (rows.length === 0) throw new AppError('VALIDATION', said('nothingToRerun'))
        const plan = subsetPlan(held.plan, rows)
        await unchanged(plan)
        plans.keep(plan)
        return launcher.launch(plan, {
          runId: randomUUID(),
          concurrency: input.concurrency,
          confirmEnvironment: input.confirmEnvironment,
          exportTo: undefined,
          environmentId,
          resumed: null,
        })
      }),

    async resumable(): Promise<ResumableRun[]> {
      const held = new Set(runs.keys())
      const stopped = (await unfinishedRuns(dataDirectory)).filter(
        (state) =>
          !held.has(state.header.runId) ||
          runs.get(state.header.runId)?.run.progress().state === 'cancelled',
      )
      return Promise.all(
        stopped.map(async ({ header, done }) => ({
          runId: header.runId,
          mode: header.mode,
          fileName: header.fileName,
          environmentId: header.environmentId,
          environmentName: header.environmentName,
          environmentKind: await context.environments
            .profile(header.environmentId)
            .then((profile) => profile.kind)
            .catch(() => null),
          startedAt: header.startedAt,
          done: done.size,
          total: header.total,
          underWayElsewhere: await isClaimed(dataDirectory, header.runId),
        })),
      )
    },

    /** Goes on with a run from its ledger: rows done are not sent again. */
    async resume(input: {
      runId: string
      path?: string | undefined
      concurrency: number
      confirmEnvironment?: string | undefined
    }): Promise<RunProgress> {
      return exclusively(() => launcher.resume(input, plans))
    },

    async discard(runId: string): Promise<void> {
      const state = runs.get(runId)?.run.progress().state
      if (state === 'running' || state === 'paused' || state === 'cancelling')
        throw new AppError('VALIDATION', said('discardInProgress'))
      await discardLedger(dataDirectory, runId)
    },

    /** Cancels the run under way and waits for it (an export's partial file is removed). */
    async stop(): Promise<void> {
      const run = current()
      if (!run) return
      run.cancel()
      await run.settled
    },

    /** Progress of every run as it changes; returns the unsubscribe. */
    subscribe(listener: (progress: RunProgress) => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
export type BulkService = ReturnType<typeof createBulkService>
