import { useId, useState } from 'react'
import {
  BULK_MODE_LABELS,
  CONCURRENCY,
  type BulkField,
  type ColumnMapping,
  type PlanSummary,
  type RunProgress,
} from '@shared/bulk'
import { Button } from '../../../components/ui/button'
import { ErrorAlert, Notice } from '../../../components/ui/error-alert'
import { Card } from '../../../components/ui/page'
import { useConfirmWrite } from '../../../components/write-guard'
import { errorShape } from '../../../lib/api'
import { useSaveInvalid, useStartRun } from '../api/bulk'
import { PathField } from './path-field'
import { RowsTable } from './rows-table'

function rows(count: number): string {
  return `${count.toLocaleString()} row${count === 1 ? '' : 's'}`
}

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
  const [only, setOnly] = useState<'all' | 'invalid'>(plan.invalid > 0 ? 'invalid' : 'all')
  // Held as typed, and read within its bounds: clamping each keystroke would turn "8" into "18".
  const [concurrencyText, setConcurrencyText] = useState(String(CONCURRENCY.default))
  const concurrency = Math.min(
    CONCURRENCY.max,
    Math.max(CONCURRENCY.min, Math.trunc(Number(concurrencyText)) || CONCURRENCY.default),
  )
  const [exportFormat, setExportFormat] = useState<'csv' | 'json'>('csv')
  const saveInvalid = useSaveInvalid()
  const start = useStartRun()
  const confirmWrite = useConfirmWrite()
  const concurrencyId = useId()
  const formatId = useId()
  const fields = mapping.filter((field): field is BulkField => field !== null)
  const isExport = plan.mode === 'export'

  async function send(exportPath?: string) {
    const confirmation = isExport
      ? {}
      : await confirmWrite(`send ${rows(plan.valid)} (${BULK_MODE_LABELS[plan.mode]})`)
    if (!confirmation) return
    start.mutate(
      {
        planId: plan.planId,
        concurrency,
        ...confirmation,
        ...(exportPath ? { exportTo: { path: exportPath, format: exportFormat } } : {}),
      },
      { onSuccess: onStarted },
    )
  }

  return (
    <>
      <Card title="Dry run">
        <dl className="counts" aria-label="Dry run counts">
          <div>
            <dt>Rows</dt>
            <dd>{plan.rows.toLocaleString()}</dd>
          </div>
          <div>
            <dt>Valid</dt>
            <dd>{plan.valid.toLocaleString()}</dd>
          </div>
          <div>
            <dt>Invalid</dt>
            <dd>{plan.invalid.toLocaleString()}</dd>
          </div>
          <div>
            <dt>Repeated tokens</dt>
            <dd>{plan.duplicates.toLocaleString()}</dd>
          </div>
        </dl>
        <p className="muted">
          Nothing has been sent. Values are shown as they would be sent: ID numbers and mobiles
          compacted, dates as YYYY-MM-DD.
          {plan.ignoredColumns.length > 0
            ? ` Ignored columns: ${plan.ignoredColumns.join(', ')}.`
            : ''}
        </p>
        <fieldset className="segmented">
          <legend className="visually-hidden">Rows shown</legend>
          <label>
            <input
              type="radio"
              name="only"
              checked={only === 'all'}
              onChange={() => setOnly('all')}
            />
            All rows ({plan.rows.toLocaleString()})
          </label>
          <label>
            <input
              type="radio"
              name="only"
              checked={only === 'invalid'}
              onChange={() => setOnly('invalid')}
            />
            Invalid rows only ({plan.invalid.toLocaleString()})
          </label>
        </fieldset>
        <RowsTable
          key={only}
          planId={plan.planId}
          only={only}
          total={only === 'all' ? plan.rows : plan.invalid}
          fields={fields}
        />
        {plan.invalid > 0 ? (
          <>
            <PathField
              label="Save the invalid rows to"
              description="A CSV with the file's own columns and an errors column: fix it in a spreadsheet, then read it here again."
              action="Save invalid rows"
              dialog={{ purpose: 'save', format: 'csv', suggestedName: 'invalid-rows.csv' }}
              busy={saveInvalid.isPending}
              onSubmit={(path) => saveInvalid.mutate({ planId: plan.planId, path })}
            />
            {saveInvalid.data ? (
              <Notice tone="success">
                Saved {rows(saveInvalid.data.rows)} to {saveInvalid.data.path}.
              </Notice>
            ) : null}
            {saveInvalid.error ? <ErrorAlert error={errorShape(saveInvalid.error)} /> : null}
          </>
        ) : null}
      </Card>
      <Card title={isExport ? 'Export' : 'Send'}>
        <div className="grid">
          <div className="field">
            <label htmlFor={concurrencyId}>Calls at once</label>
            <input
              id={concurrencyId}
              type="number"
              min={CONCURRENCY.min}
              max={CONCURRENCY.max}
              value={concurrencyText}
              onChange={(e) => setConcurrencyText(e.target.value)}
              onBlur={() => setConcurrencyText(String(concurrency))}
            />
            <p className="field-description">
              {CONCURRENCY.min} to {CONCURRENCY.max}. The service's rate limits are honoured
              whatever this is.
            </p>
          </div>
          {isExport ? (
            <div className="field">
              <label htmlFor={formatId}>Format</label>
              <select
                id={formatId}
                value={exportFormat}
                onChange={(e) => setExportFormat(e.target.value as 'csv' | 'json')}
              >
                <option value="csv">CSV</option>
                <option value="json">JSON</option>
              </select>
            </div>
          ) : null}
        </div>
        {isExport ? (
          <PathField
            label="Write the records to"
            description="Personal data of the users reaches this file, and only this one."
            action={`Export ${rows(plan.valid)}`}
            dialog={{
              purpose: 'save',
              format: exportFormat,
              suggestedName: `export.${exportFormat}`,
            }}
            busy={start.isPending}
            onSubmit={(path) => void send(path)}
          />
        ) : null}
        {start.error ? <ErrorAlert error={errorShape(start.error)} /> : null}
        <div className="form-actions">
          <Button variant="ghost" onClick={onBack}>
            Back
          </Button>
          {isExport ? null : (
            <Button
              variant="primary"
              busy={start.isPending}
              disabled={plan.valid === 0}
              onClick={() => void send()}
            >
              {`${BULK_MODE_LABELS[plan.mode]}: send ${rows(plan.valid)}`}
            </Button>
          )}
        </div>
      </Card>
    </>
  )
}
