import * as z from 'zod'
import { saidSchema } from '../messages/said-schema'
import { fieldErrorsSchema } from '../ipc/result'
import { byRunSchema, CONCURRENCY, OUTCOMES, type Outcome } from './bulk-payloads'

/**
 * What became of each row of a run, as the results table and the results file list it: the
 * run's outcomes, and the rows it did not send (set aside by a cancel or a stop, or invalid).
 */
const LISTED_OUTCOMES = [...OUTCOMES, 'notSent', 'notDone', 'invalid'] as const
const listedOutcomeSchema = z.enum(LISTED_OUTCOMES)
export type ListedOutcome = z.output<typeof listedOutcomeSchema>

/** The rows a person looks at first: those whose fate is unknown, then those that failed. */
const ATTENTION_ORDER: Partial<Record<ListedOutcome, number>> = {
  unknown: 0,
  failed: 1,
  notSent: 2,
  notDone: 2,
  invalid: 3,
}
const NEEDS_ATTENTION = new Set<ListedOutcome>([
  'unknown',
  'failed',
  'notSent',
  'notDone',
  'invalid',
])
const SUCCEEDED = new Set<ListedOutcome>(
  OUTCOMES.filter((o: Outcome) => o !== 'failed' && o !== 'unknown'),
)

const listedResultSchema = z.object({
  row: z.number().int(),
  token: z.string(),
  outcome: listedOutcomeSchema,
  status: z.number().int().nullable(),
  /** What happened, said by main (null for an invalid row: its `errors` say it). */
  said: saidSchema.nullable(),
  /** An invalid row's problems, field by field. */
  errors: fieldErrorsSchema.nullable(),
  /** Done in an earlier session of the run (before a crash, a quit or a cancel). */
  earlier: z.boolean(),
})
export type ListedResult = z.output<typeof listedResultSchema>

export const RESULT_FILTERS = ['all', 'attention', 'succeeded', 'invalid'] as const
export type ResultFilter = (typeof RESULT_FILTERS)[number]

const RESULTS_PAGE_LIMIT = 500
export const runResultsInputSchema = byRunSchema.extend({
  show: z.enum(RESULT_FILTERS),
  offset: z.number().int().min(0),
  limit: z.number().int().min(1).max(RESULTS_PAGE_LIMIT),
})
export type RunResultsInput = z.output<typeof runResultsInputSchema>

export const runResultsPageSchema = z.object({
  /** Rows the filter keeps. */
  total: z.number().int(),
  rows: z.array(listedResultSchema),
  /** Rows a new run of "the failed rows" would send (see rerunnable). */
  rerunnable: z.number().int(),
  /**
   * Failed rows the service refused with 409, the token being taken: a Create sent again meets
   * the same refusal, so the page points to Create or update for them.
   */
  conflicts: z.number().int(),
})
export type RunResultsPage = z.output<typeof runResultsPageSchema>

/** A new run of exactly the rows of a finished run that failed or were never sent. */
export const rerunInputSchema = byRunSchema.extend({
  concurrency: z.number().int().min(CONCURRENCY.min).max(CONCURRENCY.max),
  confirmEnvironment: z.string().max(200).optional(),
})

/**
 * Rows a new run can send again without a look-up first: a failure, or a row never sent. A row
 * whose outcome is unknown may have been written: it is looked up, not sent blindly.
 */
export function isRerunnable(outcome: ListedOutcome): boolean {
  return outcome === 'failed' || outcome === 'notSent' || outcome === 'notDone'
}

export function keptBy(show: ResultFilter, outcome: ListedOutcome): boolean {
  if (show === 'attention') return NEEDS_ATTENTION.has(outcome)
  if (show === 'succeeded') return SUCCEEDED.has(outcome)
  if (show === 'invalid') return outcome === 'invalid'
  return true
}

/** A row refused because its token exists already (a Create's 409). */
export function isConflict(result: Pick<ListedResult, 'outcome' | 'status'>): boolean {
  return result.outcome === 'failed' && result.status === 409
}

/** Unknown and failed rows first, then rows not sent, invalid rows, and the rest; by row within. */
export function attentionFirst(a: ListedResult, b: ListedResult): number {
  const rank = (r: ListedResult) => ATTENTION_ORDER[r.outcome] ?? 4
  return rank(a) - rank(b) || a.row - b.row
}
