import type { ColumnMapping, PlanSummary } from '../../../src-shared/bulk'
import { cliSaid } from '../../../src-shared/messages/cli-messages'
import { saidErrors } from '../../core/bulk/run-results'
import type { CliContext } from '../cli-context'

const SHOWN_INVALID_ROWS = 20

/** What the dry run found in a file, on stderr: how it was read, and how many rows are valid. */
export function describePlan(
  context: CliContext,
  plan: PlanSummary,
  headers: readonly string[],
  mapping: ColumnMapping,
) {
  const read = headers
    .map((header, i) => (mapping[i] ? `${header} → ${mapping[i]}` : null))
    .filter((line) => line !== null)
  context.tell(
    cliSaid('planFile', {
      file: plan.file.name,
      encoding: plan.file.encoding,
      delimiter: plan.file.delimiter,
      columns: read.join(', '),
    }),
  )
  if (plan.ignoredColumns.length > 0)
    context.tell(cliSaid('planIgnored', { columns: plan.ignoredColumns.join(', ') }))
  const counts = { rows: plan.rows, valid: plan.valid, invalid: plan.invalid }
  context.tell(
    plan.duplicates
      ? cliSaid('planCountsRepeated', { ...counts, repeated: plan.duplicates })
      : cliSaid('planCounts', counts),
  )
}

/** The first invalid rows, each with its problems. */
export async function showInvalid(context: CliContext, plan: PlanSummary): Promise<void> {
  const page = await context.call('bulk:rows', {
    planId: plan.planId,
    offset: 0,
    limit: SHOWN_INVALID_ROWS,
    only: 'invalid',
  })
  for (const row of page.rows)
    context.tell(
      cliSaid('invalidRow', { row: row.row, errors: saidErrors(row.errors ?? {}, context.say) }),
    )
  if (plan.invalid > page.rows.length)
    context.tell(cliSaid('moreInvalidRows', { count: plan.invalid - page.rows.length }))
}
