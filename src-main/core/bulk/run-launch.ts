import type { RunProgress } from '../../../src-shared/bulk'
import type { EnvironmentProfile } from '../../../src-shared/environments'
import { said } from '../../../src-shared/messages'
import { AppError } from '../errors/app-error'
import type { CoreContext } from '../wiring/core-context'
import { confirmWrite } from '../client/write-confirmation'
import { startRun, type RunSetup } from './bulk-run'
import { inspectCsv } from './csv-input'
import type { WriteTarget } from '../files/whole-file'
import { createExportSink } from './csv-output'
import { watchEnvironment, type EnvironmentWatch } from './environment-watch'
import { openLedger, type Ledger, type LedgerHeader, type LedgerState } from './ledger'
import { planFile, subsetPlan, validRequests, type Plan } from './plan'
import { notHeld, type PlanStore } from './plan-store'
import type { HeldRun } from './run-results'

/** Where an export's records go: a file the user chose, replaced only if they said so. */
export type ExportTarget = WriteTarget & { format: 'csv' | 'json' }

export interface LaunchOptions {
  runId: string
  concurrency: number
  confirmEnvironment: string | undefined
  exportTo: ExportTarget | undefined
  environmentId: string | null
  /** A stopped run taken up again, its ledger claimed and read already. */
  resumed: { ledger: Ledger; before: LedgerState } | null
}

function ledgerHeader(plan: Plan, runId: string, profile: EnvironmentProfile): LedgerHeader {
  return {
    kind: 'run',
    version: 1,
    runId,
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
  }
}

/** An export needs its file; a write run makes none, so a file named with one is refused. */
function refuseMisplacedExport(writes: boolean, exportTo: ExportTarget | undefined): void {
  if (writes && exportTo !== undefined)
    throw new AppError('VALIDATION', said('exportFileOnlyForExport'))
  if (!writes && exportTo === undefined)
    throw new AppError('VALIDATION', said('exportNeedsFile'), {
      fieldErrors: { exportTo: [said('exportNeedsFileField')] },
    })
}

/** The plan a ledger's run sent, from its file: the very file (by hash), or refused. */
async function planOfLedger(header: LedgerHeader, path: string | undefined): Promise<Plan> {
  const source = await inspectCsv(path ?? header.filePath)
  if (source.hash !== header.fileHash)
    throw new AppError('VALIDATION', said('notTheRunFile', { file: source.file.name }), {
      fieldErrors: { path: [said('notTheRunFileField')] },
    })
  const whole = await planFile(source, header.mode, header.mapping, header.status)
  return header.rows ? subsetPlan(whole, header.rows) : whole
}

interface LaunchParts {
  context: CoreContext
  dataDirectory: string
  /** How runs wait between retries: the client's own waiting, which tests shorten. */
  sleep: ((ms: number) => Promise<void>) | undefined
  onProgress: (progress: RunProgress) => void
}

/** Launches on the environment as its client was built; see environment-watch.ts. */
async function launchWatched(
  { context, dataDirectory, sleep, onProgress }: LaunchParts,
  plan: Plan,
  launching: LaunchOptions,
  profile: EnvironmentProfile,
  environment: EnvironmentWatch,
): Promise<HeldRun> {
  const writes = plan.mode !== 'export'
  refuseMisplacedExport(writes, launching.exportTo)
  if (writes) {
    const left = plan.summary.valid - (launching.resumed?.before.done.size ?? 0)
    await confirmWrite(profile, launching.confirmEnvironment, left, context.confirmWrite)
  }
  const before = launching.resumed?.before ?? null
  const ledger =
    launching.resumed?.ledger ??
    (writes
      ? (await openLedger(dataDirectory, { create: ledgerHeader(plan, launching.runId, profile) }))
          .ledger
      : null)
  const exportSink =
    launching.exportTo === undefined ? null : await createExportSink(launching.exportTo)
  const done = before?.done
  async function* rows() {
    for await (const item of validRequests(plan)) if (!done?.has(item.row)) yield item
  }
  const setup: RunSetup = {
    runId: launching.runId,
    mode: plan.mode,
    environmentId: profile.id,
    environmentName: profile.name,
    environmentKind: profile.kind,
    rows: rows(),
    total: plan.summary.valid,
    concurrency: launching.concurrency,
    client: async () => (await context.clientFor(profile.id)).client,
    ledger,
    before,
    exportSink,
    ...(sleep ? { sleep } : {}),
    onProgress,
  }
  const run = startRun(setup, environment)
  return { run, plan, before }
}

/**
 * Starts runs of plans: on the environment active now or the one a run belongs to, after a
 * production write is confirmed, with a new ledger (a write) or the export's file (an export).
 */
export function runLauncher(
  context: CoreContext,
  dataDirectory: string,
  options: Pick<LaunchParts, 'sleep' | 'onProgress'>,
) {
  async function launch(plan: Plan, launching: LaunchOptions): Promise<HeldRun> {
    const { profile } =
      launching.environmentId === null
        ? await context.activeClient()
        : await context.clientFor(launching.environmentId)
    const environment = watchEnvironment(context, profile)
    try {
      return await launchWatched(
        { context, dataDirectory, ...options },
        plan,
        launching,
        profile,
        environment,
      )
    } catch (error) {
      environment.close()
      throw error
    }
  }

  /**
   * Goes on with a run from its ledger: rows done are not sent again. The run is claimed before
   * its ledger is read, so no other process can move it on in between.
   */
  async function resume(
    input: {
      runId: string
      path?: string | undefined
      concurrency: number
      confirmEnvironment?: string | undefined
    },
    plans: PlanStore,
  ): Promise<HeldRun> {
    const { ledger, before } = await openLedger(dataDirectory, { resume: input.runId })
    try {
      if (!before) throw notHeld('runNotHeld')
      const { header } = before
      const plan = await planOfLedger(header, input.path)
      plans.keep(plan)
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

  return { launch, resume }
}
