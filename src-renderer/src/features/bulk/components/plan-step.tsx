import type { BulkField, ColumnMapping, PlanSummary, RunProgress } from '@shared/bulk'
import { DryRunVerdict } from './dry-run-verdict'
import { SendCard } from './send-card'

/** Step 3: the dry run's verdict on every row, then the run itself. */
export function PlanStep({
  plan,
  mapping,
  onBack,
  onStarted,
}: {
  plan: PlanSummary
  mapping: ColumnMapping
  onBack: () => void
  onStarted: (progress: RunProgress) => void
}) {
  const fields = mapping.filter((field): field is BulkField => field !== null)
  return (
    <>
      <DryRunVerdict plan={plan} fields={fields} />
      <SendCard plan={plan} onBack={onBack} onStarted={onStarted} />
    </>
  )
}
