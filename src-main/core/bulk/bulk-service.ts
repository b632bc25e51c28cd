import { randomUUID } from 'node:crypto'
import type {
  RunProgress,
  RunResultsInput,
  RunResultsPage,
  StartRunInput,
} from '../../../src-shared/bulk'
import { said, type Language } from '../../../src-shared/messages'
import { AppError } from '../errors/app-error'
import type { WriteTarget } from '../files/whole-file'
import type { CoreContext } from '../wiring/core-context'
import { heldRuns } from './held-runs'
import { discardLedger } from './ledger'
import { subsetPlan, type Plan } from './plan'
import { createPlanStore, unchanged } from './plan-store'
import { resumableRuns, saveRunResults } from './run-listings'
import { runLauncher, type ExportTarget, type LaunchOptions } from './run-launch'
import { listedResults, rerunRows, resultsPage, type HeldRun } from './run-results'

interface RunStart {
  concurrency: number
  confirmEnvironment?: string | undefined
}

/** A run of its own, not resumed: on the environment given, or the active one when null. */
const newRun = (
  start: RunStart,
  exportTo: ExportTarget | undefined,
  environmentId: string | null,
): LaunchOptions => ({
  runId: randomUUID(),
  concurrency: start.concurrency,
  confirmEnvironment: start.confirmEnvironment,
  exportTo,
  environmentId,
  resumed: null,
})

/** The rows of an ended run that failed or were never sent, as a plan of their own. */
async function rerunPlan(held: HeldRun): Promise<Plan> {
  // A cancelled or stopped run keeps its ledger to be resumed: sending its rows in a new
  // run as well could send them twice.
  const { state, stopped } = held.run.progress()
  if (state !== 'finished' || stopped !== null)
    throw new AppError('VALIDATION', said('rerunOnlyFinished'))
  const rows = rerunRows(await listedResults(held))
  if (rows.length === 0) throw new AppError('VALIDATION', said('nothingToRerun'))
  const plan = subsetPlan(held.plan, rows)
  await unchanged(plan)
  return plan
}

/**
 * Bulk work for every face: files checked and planned (plan-store.ts), runs started
 * (run-launch.ts), watched, paused, resumed and cancelled, results saved (run-listings.ts). A run
 * is pinned to the environment that was active when it started, whatever is chosen later.
 */
export function createBulkService(
  context: CoreContext,
  dataDirectory: string,
  /** How runs wait between retries: the client's own waiting, which tests shorten. */
  sleep?: (ms: number) => Promise<void>,
) {
  const plans = createPlanStore()
  const held = heldRuns()
  const listeners = new Set<(progress: RunProgress) => void>()
  const launcher = runLauncher(context, dataDirectory, {
    sleep,
    onProgress: (progress) => {
      for (const listener of listeners) listener(progress)
    },
  })

  return {
    inspect: plans.inspect,
    dryRun: plans.dryRun,
    rows: plans.rows,
    saveInvalid: plans.saveInvalid,

    start: (
      input: Omit<StartRunInput, 'exportTo'> & { exportTo?: ExportTarget | undefined },
    ): Promise<RunProgress> =>
      held.exclusively(async () => {
        const plan = plans.planOf(input.planId)
        await unchanged(plan)
        return launcher.launch(plan, newRun(input, input.exportTo, null))
      }),

    /** The run under way, for a face that opens while one is going (or comes back to it). */
    current: (): RunProgress | null => held.current()?.progress() ?? null,

    control: held.control,

    progress: (runId: string): RunProgress => held.runOf(runId).run.progress(),

    /** Settles when the run has finished or been cancelled. */
    settled: (runId: string): Promise<RunProgress> => held.runOf(runId).run.settled,

    saveResults: async (input: WriteTarget & { runId: string; language?: Language | undefined }) =>
      saveRunResults(held.runOf(input.runId), input),

    results: async (input: RunResultsInput): Promise<RunResultsPage> =>
      resultsPage(await listedResults(held.runOf(input.runId)), input),

    /** A new run of exactly the rows of an ended run that failed or were never sent. */
    rerun: (input: RunStart & { runId: string }): Promise<RunProgress> =>
      held.exclusively(async () => {
        const ended = held.runOf(input.runId)
        const plan = await rerunPlan(ended)
        plans.keep(plan)
        return launcher.launch(plan, newRun(input, undefined, ended.run.progress().environmentId))
      }),

    resumable: () => resumableRuns(context, dataDirectory, held.runs),

    /** Goes on with a run from its ledger: rows done are not sent again. */
    resume: (input: RunStart & { runId: string; path?: string | undefined }) =>
      held.exclusively(() => launcher.resume(input, plans)),

    async discard(runId: string): Promise<void> {
      held.refuseUnderWay(runId)
      await discardLedger(dataDirectory, runId)
    },

    /** Cancels the run under way and waits for it (an export's partial file is removed). */
    stop: held.stop,

    /** Progress of every run as it changes; returns the unsubscribe. */
    subscribe(listener: (progress: RunProgress) => void): () => void {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
export type BulkService = ReturnType<typeof createBulkService>
