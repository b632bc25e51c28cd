import { useState } from 'react'
import {
  BULK_MODE_LABELS,
  CSV_ENCODING_LABELS,
  fieldsForMode,
  type BulkField,
  type ColumnMapping,
  type PlanSummary,
} from '@shared/bulk'
import { Button } from '../../../components/ui/button'
import { ErrorAlert } from '../../../components/ui/error-alert'
import { Card } from '../../../components/ui/page'
import { errorShape } from '../../../lib/api'
import { useDryRun } from '../api/bulk'
import type { FileChoice } from './file-step'

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`
  return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`
}

/** Step 2: which column holds which field; nothing is sent yet. */
export function MappingStep({
  choice,
  initial,
  onBack,
  onPlanned,
}: {
  choice: FileChoice
  /** The mapping chosen before, when the user came back from the dry run. */
  initial: ColumnMapping | undefined
  onBack: () => void
  onPlanned: (plan: PlanSummary, mapping: ColumnMapping) => void
}) {
  const { inspected, mode } = choice
  const [mapping, setMapping] = useState<ColumnMapping>(initial ?? inspected.suggested[mode])
  const dryRun = useDryRun()
  const fields = fieldsForMode(mode)
  const ignored = inspected.headers.filter((_, column) => mapping[column] === null)
  return (
    <Card title={`Columns of ${inspected.file.name}`}>
      <p className="muted">
        {formatBytes(inspected.file.sizeBytes)} · read as{' '}
        {CSV_ENCODING_LABELS[inspected.file.encoding]} · separated by{' '}
        <code>{inspected.file.delimiter}</code> · action: {BULK_MODE_LABELS[mode]}
      </p>
      <table className="table mapping-table">
        <caption className="visually-hidden">Which field each column holds</caption>
        <thead>
          <tr>
            <th scope="col">Column in the file</th>
            <th scope="col">Field it holds</th>
          </tr>
        </thead>
        <tbody>
          {inspected.headers.map((header, column) => (
            <tr key={`${column}-${header}`}>
              <th scope="row">{header || `(column ${column + 1}, no name)`}</th>
              <td>
                <select
                  aria-label={`Field for column ${header || column + 1}`}
                  value={mapping[column] ?? ''}
                  onChange={(event) => {
                    const next = [...mapping]
                    next[column] =
                      event.target.value === '' ? null : (event.target.value as BulkField)
                    setMapping(next)
                  }}
                >
                  <option value="">Ignored (not sent)</option>
                  {fields.map((field) => (
                    <option key={field} value={field}>
                      {field}
                    </option>
                  ))}
                </select>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {ignored.length > 0 ? (
        <p className="muted">
          Ignored, never sent: {ignored.map((header) => header || '(no name)').join(', ')}.
        </p>
      ) : null}
      {dryRun.error ? <ErrorAlert error={errorShape(dryRun.error)} /> : null}
      <div className="form-actions">
        <Button variant="ghost" onClick={onBack}>
          Back
        </Button>
        <Button
          variant="primary"
          busy={dryRun.isPending}
          onClick={() =>
            dryRun.mutate(
              {
                path: choice.path,
                mode,
                mapping,
                ...(choice.status === null ? {} : { status: choice.status }),
              },
              { onSuccess: (plan) => onPlanned(plan, mapping) },
            )
          }
        >
          Check every row
        </Button>
      </div>
    </Card>
  )
}
