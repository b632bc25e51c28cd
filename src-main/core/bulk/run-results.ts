import {
  attentionFirst,
  isConflict,
  isRerunnable,
  keptBy,
  type ListedResult,
  type RunResultsInput,
  type RunResultsPage,
} from '../../../src-shared/bulk'
import type { FieldErrors } from '../../../src-shared/ipc'
import { said, type Said } from '../../../src-shared/messages'
import type { BulkRun } from './bulk-run'
import type { LedgerState } from './ledger'
import { validRequests, type Plan } from './plan'

/** A run as the bulk service holds it: the run, the plan it sends, and its earlier sessions. */
export interface HeldRun {
  run: BulkRun
  plan: Plan
  before: LedgerState | null
}

/**
 * Every row of a run's file and what became of it: done in an earlier session, done now, set
 * aside by a cancel or a stop, never reached before the run ended, or skipped as invalid. In
 * file order.
 */
export async function listedResults({ run, plan, before }: HeldRun): Promise<ListedResult[]> {
  const earlier = [...(before?.done.entries() ?? [])].map(([row, entry]) => ({
    row,
    ...entry,
    said: said('doneEarlier'),
    errors: null,
    earlier: true,
  }))
  const now = run.results().map((result) => ({ ...result, errors: null, earlier: false }))
  // Whether a row set aside in flight reached the service is the first thing a user needs to
  // know of it. Only a Create is tracked as maybe sent; another call stopped between attempts
  // may have reached the service, and is safe to send again.
  const { mode } = run.progress()
  const creates = mode === 'create' || mode === 'createOrUpdate'
  const setAside = run.setAside().map(({ row, token, unsure }) => ({
    row,
    token,
    outcome: unsure ? ('unknown' as const) : creates ? ('notSent' as const) : ('notDone' as const),
    status: null,
    said: said(unsure ? 'setAsideMaybeSent' : creates ? 'setAsideNotSent' : 'setAsideNotDone'),
    errors: null,
    earlier: false,
  }))
  const invalid = [...plan.invalid.entries()].map(([row, errors]) => ({
    row,
    token: plan.invalidTokens.get(row) ?? '',
    outcome: 'invalid' as const,
    status: null,
    said: null,
    errors,
    earlier: false,
  }))
  const listed: ListedResult[] = [...earlier, ...now, ...setAside, ...invalid]
  // A run that ended early never read its last rows: they are listed, not left out, from the file.
  if (run.progress().state !== 'finished') {
    const seen = new Set(listed.map((result) => result.row))
    for await (const { row, request } of validRequests(plan))
      if (!seen.has(row))
        listed.push({
          row,
          token: request.token,
          outcome: creates ? 'notSent' : 'notDone',
          status: null,
          said: said('notReached'),
          errors: null,
          earlier: false,
        })
  }
  return listed.sort((a, b) => a.row - b.row)
}

/**
 * A row's problems as a file says them: each message once, prefixed with its field's name only
 * where the message does not name the field itself.
 */
export function saidErrors(errors: FieldErrors, say: (message: Said) => string): string {
  return Object.entries(errors)
    .flatMap(([field, messages]) =>
      messages.map(say).map((words) => (words.includes(field) ? words : `${field}: ${words}`)),
    )
    .join(' | ')
}

/** A page of the results table: the rows needing attention first, as the filter keeps them. */
export function resultsPage(all: readonly ListedResult[], input: RunResultsInput): RunResultsPage {
  const kept = all.filter((result) => keptBy(input.show, result.outcome)).sort(attentionFirst)
  return {
    total: kept.length,
    rows: kept.slice(input.offset, input.offset + input.limit),
    rerunnable: all.filter((result) => isRerunnable(result.outcome)).length,
    conflicts: all.filter(isConflict).length,
  }
}

/** The rows a new run of "the failed rows" sends: failed, or never sent. */
export function rerunRows(all: readonly ListedResult[]): number[] {
  return all.filter((result) => isRerunnable(result.outcome)).map((result) => result.row)
}
