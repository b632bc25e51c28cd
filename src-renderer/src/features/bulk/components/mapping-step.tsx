import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { fieldsForMode, type BulkField, type ColumnMapping, type PlanSummary } from '@shared/bulk'
import { Button } from '../../../components/ui/button'
import { ErrorAlert } from '../../../components/ui/error-alert'
import { Card } from '../../../components/ui/page'
import { fieldLabel } from '../../../i18n/field-labels'
import { useFormat } from '../../../i18n/format'
import { errorShape } from '../../../lib/api'
import { useDryRun } from '../api/dry-run'
import { BULK_MODE_MESSAGES, CSV_ENCODING_MESSAGES } from '../labels'
import type { FileChoice } from './file-step'

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
  const { t, i18n } = useLingui()
  const format = useFormat()
  const { inspected, mode } = choice
  const [mapping, setMapping] = useState<ColumnMapping>(initial ?? inspected.suggested[mode])
  const dryRun = useDryRun()
  const fields = fieldsForMode(mode)
  const ignored = inspected.headers.filter((_, column) => mapping[column] === null)
  const fileName = inspected.file.name
  const size = fileSize(inspected.file.sizeBytes)
  const encoding = i18n._(CSV_ENCODING_MESSAGES[inspected.file.encoding])
  const delimiter = inspected.file.delimiter
  const action = i18n._(BULK_MODE_MESSAGES[mode])
  const ignoredNames = ignored.map((header) => header || t`(no name)`).join(', ')

  function fileSize(bytes: number): string {
    if (bytes < 1024) {
      const count = format.number(bytes)
      return t({ message: plural(bytes, { one: `${count} byte`, other: `${count} bytes` }) })
    }
    if (bytes < 1024 * 1024) {
      const kib = format.decimal(bytes / 1024)
      return t`${kib} KiB`
    }
    const mib = format.decimal(bytes / (1024 * 1024))
    return t`${mib} MiB`
  }

  return (
    <Card title={t`Columns of ${fileName}`}>
      <p className="muted">
        <Trans>
          {size} · read as {encoding} · separated by <code translate="no">{delimiter}</code> ·
          action: {action}
        </Trans>
      </p>
      <table className="table mapping-table">
        <caption className="visually-hidden">
          <Trans>Which field each column holds</Trans>
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <Trans>Column in the file</Trans>
            </th>
            <th scope="col">
              <Trans>Field it holds</Trans>
            </th>
          </tr>
        </thead>
        <tbody>
          {inspected.headers.map((header, column) => {
            const number = format.number(column + 1)
            const name = header || number
            return (
              <tr key={`${column}-${header}`}>
                <th scope="row" translate={header ? 'no' : undefined}>
                  {header || t`(column ${number}, no name)`}
                </th>
                <td>
                  <select
                    aria-label={t`Field for column ${name}`}
                    value={mapping[column] ?? ''}
                    onChange={(event) => {
                      const next = [...mapping]
                      next[column] =
                        event.target.value === '' ? null : (event.target.value as BulkField)
                      setMapping(next)
                    }}
                  >
                    <option value="">{t`Ignored (not sent)`}</option>
                    {fields.map((field) => {
                      // By its label in the page's language; its API name beside it, as the
                      // file's headers and the service's documents may write it.
                      // A label that is the API's own name (Token) is that name, in any language.
                      const label = fieldLabel(i18n, field)
                      const apiName = label.toLowerCase() === field
                      return (
                        <option key={field} value={field} translate={apiName ? 'no' : undefined}>
                          {apiName ? label : t`${label} (${field})`}
                        </option>
                      )
                    })}
                  </select>
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
      {ignored.length > 0 ? (
        <p className="muted">
          <Trans>Ignored, never sent: {ignoredNames}.</Trans>
        </p>
      ) : null}
      {dryRun.error ? <ErrorAlert error={errorShape(dryRun.error)} /> : null}
      <div className="form-actions">
        <Button variant="ghost" onClick={onBack}>
          <Trans>Back</Trans>
        </Button>
        <Button
          variant="primary"
          busy={dryRun.isPending}
          onClick={() =>
            dryRun.mutate(
              {
                file: choice.file.handle,
                mode,
                mapping,
                ...(choice.status === null ? {} : { status: choice.status }),
              },
              { onSuccess: (plan) => onPlanned(plan, mapping) },
            )
          }
        >
          <Trans>Check every row</Trans>
        </Button>
      </div>
    </Card>
  )
}
