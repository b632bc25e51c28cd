import * as z from 'zod'
import { saidSchema } from '../messages/said-schema'
import { languageSchema } from '../messages/languages'
import { ruleText } from '../messages/rule-messages'
import { appErrorSchema, fieldErrorsSchema } from '../ipc/result'
import { environmentKindSchema } from '../environments'
import { statusSchema } from '../service'
import { BULK_MODES, bulkModeSchema, columnMappingSchema } from './bulk-fields'
import { fileHandleSchema } from './file-path'

const CSV_ENCODINGS = ['utf-8', 'utf-8-bom', 'windows-1252'] as const
const csvEncodingSchema = z.enum(CSV_ENCODINGS)
export type CsvEncoding = z.output<typeof csvEncodingSchema>

const csvDelimiterSchema = z.enum([',', ';'])
export type CsvDelimiter = z.output<typeof csvDelimiterSchema>

const idSchema = z.uuid({ error: ruleText('unknownId') })

const csvFileSchema = z.object({
  name: z.string(),
  sizeBytes: z.number().int(),
  encoding: csvEncodingSchema,
  delimiter: csvDelimiterSchema,
})
export type CsvFile = z.output<typeof csvFileSchema>

export const inspectInputSchema = z.object({ file: fileHandleSchema })
export const inspectResultSchema = z.object({
  file: csvFileSchema,
  headers: z.array(z.string()),
  /** The mapping the headers suggest, for each mode. */
  suggested: z.object(
    Object.fromEntries(BULK_MODES.map((mode) => [mode, columnMappingSchema])) as Record<
      (typeof BULK_MODES)[number],
      typeof columnMappingSchema
    >,
  ),
})
export type InspectResult = z.output<typeof inspectResultSchema>

export const dryRunInputSchema = z
  .object({
    file: fileHandleSchema,
    mode: bulkModeSchema,
    mapping: columnMappingSchema,
    /** Set status: the status every token of the file gets. */
    status: statusSchema.optional(),
  })
  .refine((input) => input.mode !== 'setStatus' || input.status !== undefined, {
    error: ruleText('setStatusNeedsStatus'),
    path: ['status'],
  })
export type DryRunInput = z.output<typeof dryRunInputSchema>

export const planSummarySchema = z.object({
  planId: idSchema,
  mode: bulkModeSchema,
  status: statusSchema.nullable(),
  file: csvFileSchema,
  rows: z.number().int(),
  valid: z.number().int(),
  invalid: z.number().int(),
  /** Rows whose token appeared on an earlier row (each is also counted as invalid). */
  duplicates: z.number().int(),
  ignoredColumns: z.array(z.string()),
})
export type PlanSummary = z.output<typeof planSummarySchema>

export const ROWS_PAGE_LIMIT = 500
export const rowsInputSchema = z.object({
  planId: idSchema,
  offset: z.number().int().min(0),
  limit: z.number().int().min(1).max(ROWS_PAGE_LIMIT),
  only: z.enum(['all', 'invalid']),
})
const planRowSchema = z.object({
  /** The row as a spreadsheet numbers it: the header is row 1. */
  row: z.number().int(),
  /** Each mapped field as it will be sent (compacted, dates as YYYY-MM-DD), '' when empty. */
  values: z.record(z.string(), z.string()),
  errors: fieldErrorsSchema.nullable(),
})
export type PlanRow = z.output<typeof planRowSchema>
export const rowsPageSchema = z.object({ total: z.number().int(), rows: z.array(planRowSchema) })
export type RowsPage = z.output<typeof rowsPageSchema>

/**
 * `language`: what the file's messages are said in (the rules in the invalid rows' `errors`
 * column, the results' `message` column); its column names stay English, for the scripts that
 * read them. English when not given.
 */
export const savePlanFileInputSchema = z.object({
  planId: idSchema,
  file: fileHandleSchema,
  language: languageSchema.optional(),
})
/** A file saved where the user chose: by its name, never where it is (the user knows the place). */
export const savedFileSchema = z.object({ name: z.string(), rows: z.number().int() })
export type SavedFile = z.output<typeof savedFileSchema>

export const OUTCOMES = [
  'created',
  'updated',
  'statusSet',
  'exported',
  'failed',
  'unknown',
] as const
export const outcomeSchema = z.enum(OUTCOMES)
export type Outcome = z.output<typeof outcomeSchema>

const RUN_STATES = ['running', 'paused', 'cancelling', 'cancelled', 'finished'] as const
const runStateSchema = z.enum(RUN_STATES)
export type RunState = z.output<typeof runStateSchema>

export const CONCURRENCY = { min: 1, max: 16, default: 4 } as const

export const startRunInputSchema = z.object({
  planId: idSchema,
  concurrency: z.number().int().min(CONCURRENCY.min).max(CONCURRENCY.max),
  confirmEnvironment: z.string().max(200).optional(),
  /** Export only: where the records go, chosen by the user. */
  exportTo: z.object({ file: fileHandleSchema, format: z.enum(['csv', 'json']) }).optional(),
})
export type StartRunInput = z.output<typeof startRunInputSchema>

export const runProgressSchema = z.object({
  runId: idSchema,
  mode: bulkModeSchema,
  state: runStateSchema,
  environmentId: z.string(),
  environmentName: z.string(),
  /** What the run writes to: a production run is confirmed again to send its failed rows. */
  environmentKind: environmentKindSchema,
  /** Valid rows of the file: the ones this run sends. */
  total: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  remaining: z.number().int(),
  counts: z.record(outcomeSchema, z.number().int()),
  /** Rows done in an earlier session of this run (before a crash, quit or cancel). */
  doneBefore: z.number().int(),
  /** Rows whose call is under way: a pause or a cancel lets them finish. */
  inFlight: z.number().int(),
  ratePerSecond: z.number(),
  etaSeconds: z.number().nullable(),
  /** What the run is waiting for, if anything (a rate limit, a failing service). */
  waiting: saidSchema.nullable(),
  /**
   * The failure that stopped the run by itself, if one did (credentials refused, a certificate
   * not trusted, a service that cannot be reached, its file changed): the run ends as cancelled,
   * its ledger kept for a resume, and a script's exit code follows this error's code.
   */
  stopped: appErrorSchema.nullable(),
})
export type RunProgress = z.output<typeof runProgressSchema>

export const runControlInputSchema = z.object({
  runId: idSchema,
  action: z.enum(['pause', 'resume', 'cancel']),
})
export const byRunSchema = z.object({ runId: idSchema })
/** `language`: as for savePlanFileInputSchema. */
export const saveRunFileInputSchema = z.object({
  runId: idSchema,
  file: fileHandleSchema,
  language: languageSchema.optional(),
})

export const resumableRunSchema = z.object({
  runId: idSchema,
  mode: bulkModeSchema,
  /** The run's file by name: where it is stays in main (its ledger), as every path does. */
  fileName: z.string(),
  environmentId: z.string(),
  environmentName: z.string(),
  /** null when the environment no longer exists (the run cannot be resumed then). */
  environmentKind: environmentKindSchema.nullable(),
  startedAt: z.string(),
  done: z.number().int(),
  total: z.number().int(),
  /** Another window or command of the console is running it now: it cannot be resumed here. */
  underWayElsewhere: z.boolean(),
})
export type ResumableRun = z.output<typeof resumableRunSchema>

export const resumeRunInputSchema = z.object({
  runId: idSchema,
  /** The file again, when it moved since the run started. */
  file: fileHandleSchema.optional(),
  concurrency: z.number().int().min(CONCURRENCY.min).max(CONCURRENCY.max),
  confirmEnvironment: z.string().max(200).optional(),
})
