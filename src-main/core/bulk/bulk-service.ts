import { randomUUID } from 'node:crypto'
import {
  suggestMapping,
  BULK_MODES,
  type DryRunInput,
  type InspectResult,
  type PlanSummary,
  type ListedResult,
  type ResumableRun,
  type RowsPage,
  type RunResultsInput,
  type RunResultsPage,
  type RunProgress,
  type SavedFile,
  type StartRunInput,
} from '../../../src-shared/bulk'
import { sharedText, SOURCE_LANGUAGE, type Language } from '../../../src-shared/messages'
import { AppError } from '../app-error'
import { messageTranslator } from '../message-translator'
import type { CoreContext } from '../core-context'
import { confirmWrite } from '../write-confirmation'
import { startRun, type BulkRun } from './bulk-run'
import { inspectCsv, type CsvSource } from './csv-input'
import { createExportSink, spreadsheetSafe, writeCsvFile } from './csv-output'
import {
  discardLedger,
  isClaimed,
  openLedger,
  unfinishedRuns,
  type Ledger,
  type LedgerState,
} from './ledger'
import { invalidRecords, planFile, planRows, subsetPlan, validRequests, type Plan } from './plan'
import { listedResults, rerunRows, resultsPage, saidErrors, type HeldRun } from './run-results'

/** Dry runs kept for the table, the invalid-rows file and a run; the oldest go first. */
const PLANS_KEPT = 4

/** Where an export's records go: a file the user chose, replaced only if they said so. */
type ExportTarget = { path: string; format: 'csv' | 'json'; replace: boolean }

function notHeld(what: 'dryRunNotHeld' | 'runNotHeld'): AppError {
  return new AppError('NOT_FOUND', sharedText(what))
}

/**
 * Bulk work for every face: files checked and planned, runs started, watched, paused, resumed
 * and cancelled, results saved. A run is pinned to the environment that was active when it
 * started, whatever is chosen later.
 */
export function createBulkService(
  context: CoreContext,
  dataDirectory: string,
  /** How runs wait between retries: the client's own waiting, which tests shorten. */
  sleep?: (ms: number) => Promise<void>,
) {
  const plans = new Map<string, Plan>()
  const runs = new Map<string, HeldRun>()
  const listeners = new Set<(progress: RunProgress) => void>()

  function keep(plan: Plan): void {
    plans.set(plan.id, plan)
    for (const id of plans.keys()) if (plans.size > PLANS_KEPT) plans.delete(id)
  }

  function planOf(planId: string): Plan {
    const plan = plans.get(planId)
    if (!plan) throw notHeld('dryRunNotHeld')
    return plan
  }

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
  async function exclusively(start: () => Promise<RunProgress>): Promise<RunProgress> {
    if (current() !== undefined || starting)
      throw new AppError('VALIDATION', sharedText('runInProgress'))
    starting = true
    try {
      return await start()
    } finally {
      starting = false
    }
  }

  /** The file must be the one the dry run read: a run and its ledger belong to its bytes. */
  async function unchanged(plan: Plan, path = plan.source.path): Promise<CsvSource> {
    const now = await inspectCsv(path)
    if (now.hash !== plan.source.hash)
      throw new AppError('VALIDATION', sharedText('changedSinceDryRun', { file: now.file.name }), {
        fieldErrors: { path: [sharedText('changedSinceDryRunField')] },
      })
    return now
  }

  async function launch(
    plan: Plan,
    options: {
      runId: string
      concurrency: number
      confirmEnvironment: string | undefined
      exportTo: ExportTarget | undefined
      environmentId: string | null
      /** A stopped run taken up again, its ledger claimed and read already. */
      resumed: { ledger: Ledger; before: LedgerState } | null
    },
  ): Promise<RunProgress> {
    const { profile } =
      options.environmentId === null
        ? await context.activeClient()
        : await context.clientFor(options.environmentId)
    const writes = plan.mode !== 'export'
    // A write run makes no file: an export file named with one would be written for nothing.
    if (writes && options.exportTo !== undefined)
      throw new AppError('VALIDATION', sharedText('exportFileOnlyForExport'))
    if (writes) {
      const left = plan.summary.valid - (options.resumed?.before.done.size ?? 0)
      await confirmWrite(profile, options.confirmEnvironment, left, context.confirmWrite)
    }
    if (!writes && options.exportTo === undefined)
      throw new AppError('VALIDATION', sharedText('exportNeedsFile'), {
        fieldErrors: { exportTo: [sharedText('exportNeedsFileField')] },
      })
    const before = options.resumed?.before ?? null
    const ledger =
      options.resumed?.ledger ??
      (writes
        ? (
            await openLedger(dataDirectory, {
              create: {
                kind: 'run',
                version: 1,
                runId: options.runId,
                mode: plan.mode,
                status: plan.status,
                mapping: plan.mapping,
                fileHash: plan.source.hash,
                fileName: plan.source.file.name,
                filePath: plan.source.path,
                environmentId: profile.id,
                environmentName: profile.name,
                startedAt: new Date().toISOString(),
                total: plan.summary.valid,
                ...(plan.only ? { rows: [...plan.only] } : {}),
              },
            })
          ).ledger
        : null)
    const exportSink =
      options.exportTo === undefined ? null : await createExportSink(options.exportTo)
    const done = before?.done
    async function* rows() {
      for await (const item of validRequests(plan)) if (!done?.has(item.row)) yield item
    }
    const run = startRun({
      runId: options.runId,
      mode: plan.mode,
      environmentId: profile.id,
      environmentName: profile.name,
      environmentKind: profile.kind,
      rows: rows(),
      total: plan.summary.valid,
      concurrency: options.concurrency,
      client: async () => (await context.clientFor(profile.id)).client,
      ledger,
      before,
      exportSink,
      ...(sleep ? { sleep } : {}),
      onProgress: (progress) => {
        for (const listener of listeners) listener(progress)
      },
    })
    runs.set(run.id, { run, plan, before })
    return run.progress()
  }

  /**
   * Goes on with a run from its ledger: rows done are not sent again. The run is claimed before
   * its ledger is read, so no other process can move it on in between.
   */
  async function resumeRun(input: {
    runId: string
    path?: string | undefined
    concurrency: number
    confirmEnvironment?: string | undefined
  }): Promise<RunProgress> {
    const { ledger, before } = await openLedger(dataDirectory, { resume: input.runId })
    try {
      if (!before) throw notHeld('runNotHeld')
      const { header } = before
      const source = await inspectCsv(input.path ?? header.filePath)
      if (source.hash !== header.fileHash)
        throw new AppError('VALIDATION', sharedText('notTheRunFile', { file: source.file.name }), {
          fieldErrors: { path: [sharedText('notTheRunFileField')] },
        })
      const whole = await planFile(source, header.mode, header.mapping, header.status)
      const plan = header.rows ? subsetPlan(whole, header.rows) : whole
      keep(plan)
      return await launch(plan, {
        runId: header.runId,
        concurrency: input.concurrency,
        confirmEnvironment: input.confirmEnvironment,
        exportTo: undefined,
        environmentId: header.environmentId,
        resumed: { ledger, before },
      })
    } catch (error) {
      await ledger.close()
      throw error
    }
  }

  return {
    async inspect(path: string): Promise<InspectResult> {
      const source = await inspectCsv(path)
      return {
        file: source.file,
        headers: source.headers,
        suggested: Object.fromEntries(
          BULK_MODES.map((mode) => [mode, suggestMapping(source.headers, mode)]),
        ) as InspectResult['suggested'],
      }
    },

    async dryRun(input: Omit<DryRunInput, 'file'> & { path: string }): Promise<PlanSummary> {
      const plan = await planFile(
        await inspectCsv(input.path),
        input.mode,
        input.mapping,
        input.status ?? null,
      )
      keep(plan)
      return plan.summary
    },

    rows: (input: { planId: string; offset: number; limit: number; only: 'all' | 'invalid' }) =>
      planRows(planOf(input.planId), input) satisfies Promise<RowsPage>,

    /** The invalid rows as they are in the file, plus an `errors` column, to fix and load again. */
    async saveInvalid(input: {
      planId: string
      path: string
      replace: boolean
      language?: Language | undefined
    }): Promise<SavedFile> {
      const plan = planOf(input.planId)
      await unchanged(plan)
      const say = await messageTranslator(input.language ?? SOURCE_LANGUAGE)
      async function* lines() {
        yield [...plan.source.headers, 'errors']
        for await (const { cells, errors } of invalidRecords(plan))
          yield [...cells, saidErrors(errors, say)]
      }
      const rows = await writeCsvFile(input, lines(), plan.source.file.delimiter)
      return { path: input.path, rows }
    },

    start: (
      input: Omit<StartRunInput, 'exportTo'> & { exportTo?: ExportTarget | undefined },
    ): Promise<RunProgress> =>
      exclusively(async () => {
        const plan = planOf(input.planId)
        await unchanged(plan)
        return launch(plan, {
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

    async saveResults(input: {
      runId: string
      path: string
      replace: boolean
      language?: Language | undefined
    }): Promise<SavedFile> {
      const say = await messageTranslator(input.language ?? SOURCE_LANGUAGE)
      const said = (result: ListedResult) =>
        result.errors === null ? say(result.message ?? '') : saidErrors(result.errors, say)
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
      return { path: input.path, rows }
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
          throw new AppError('VALIDATION', sharedText('rerunOnlyFinished'))
        const rows = rerunRows(await listedResults(held))
        if (rows.length === 0) throw new AppError('VALIDATION', sharedText('nothingToRerun'))
        const plan = subsetPlan(held.plan, rows)
        await unchanged(plan)
        keep(plan)
        return launch(plan, {
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
          filePath: header.filePath,
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
      return exclusively(() => resumeRun(input))
    },

    async discard(runId: string): Promise<void> {
      const state = runs.get(runId)?.run.progress().state
      if (state === 'running' || state === 'paused' || state === 'cancelling')
        throw new AppError('VALIDATION', sharedText('discardInProgress'))
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
