import { basename } from 'node:path'
import {
  suggestMapping,
  BULK_MODES,
  type DryRunInput,
  type InspectResult,
  type PlanSummary,
  type RowsPage,
  type SavedFile,
} from '../../../src-shared/bulk'
import { said, SOURCE_LANGUAGE, type Language } from '../../../src-shared/messages'
import { AppError } from '../errors/app-error'
import { messageTranslator } from '../i18n/message-translator'
import { inspectCsv, type CsvSource } from './csv-input'
import type { WriteTarget } from '../files/whole-file'
import { writeCsvFile } from './csv-output'
import { invalidRecords, planFile, planRows, type Plan } from './plan'
import { saidErrors } from './run-results'

/** Dry runs kept for the table, the invalid-rows file and a run; the oldest go first. */
const PLANS_KEPT = 4

export function notHeld(what: 'dryRunNotHeld' | 'runNotHeld'): AppError {
  return new AppError('NOT_FOUND', said(what))
}

/** The file must be the one the dry run read: a run and its ledger belong to its bytes. */
export async function unchanged(plan: Plan, path = plan.source.path): Promise<CsvSource> {
  const now = await inspectCsv(path)
  if (now.hash !== plan.source.hash)
    throw new AppError('VALIDATION', said('changedSinceDryRun', { file: now.file.name }), {
      fieldErrors: { path: [said('changedSinceDryRunField')] },
    })
  return now
}

/** Files checked and planned: the dry runs a face shows, saves the invalid rows of, and sends. */
export function createPlanStore() {
  const plans = new Map<string, Plan>()

  function keep(plan: Plan): void {
    plans.set(plan.id, plan)
    for (const id of plans.keys()) if (plans.size > PLANS_KEPT) plans.delete(id)
  }

  function planOf(planId: string): Plan {
    const plan = plans.get(planId)
    if (!plan) throw notHeld('dryRunNotHeld')
    return plan
  }

  return {
    keep,
    planOf,

    inspect: async (path: string): Promise<InspectResult> => {
      const source = await inspectCsv(path)
      return {
        file: source.file,
        headers: source.headers,
        suggested: Object.fromEntries(
          BULK_MODES.map((mode) => [mode, suggestMapping(source.headers, mode)]),
        ) as InspectResult['suggested'],
      }
    },

    dryRun: async (input: Omit<DryRunInput, 'file'> & { path: string }): Promise<PlanSummary> => {
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
    saveInvalid: async (
      input: WriteTarget & { planId: string; language?: Language | undefined },
    ): Promise<SavedFile> => {
      const plan = planOf(input.planId)
      await unchanged(plan)
      const say = await messageTranslator(input.language ?? SOURCE_LANGUAGE)
      async function* lines() {
        yield [...plan.source.headers, 'errors']
        for await (const { cells, errors } of invalidRecords(plan))
          yield [...cells, saidErrors(errors, say)]
      }
      const rows = await writeCsvFile(input, lines(), plan.source.file.delimiter)
      return { name: basename(input.path), rows }
    },
  }
}
export type PlanStore = ReturnType<typeof createPlanStore>
