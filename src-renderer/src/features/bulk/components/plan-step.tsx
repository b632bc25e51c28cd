import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import {
  CONCURRENCY,
  type BulkField,
  type ColumnMapping,
  type PlanSummary,
  type RunProgress,
} from '@shared/bulk'
import type { FileGrant } from '@shared/ipc'
import { Button } from '../../../components/ui/button'
import { ErrorAlert, Notice } from '../../../components/ui/error-alert'
import { Card } from '../../../components/ui/page'
import { useConfirmWrite } from '../../../components/write-guard'
import { useFormat } from '../../../i18n/format'
import { errorShape } from '../../../lib/api'
import { useSaveInvalid, useStartRun } from '../api/bulk'
import { BULK_MODE_MESSAGES } from '../labels'
import { PathField } from './path-field'
import { RowsTable } from './rows-table'

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
  const { t, i18n } = useLingui()
  const format = useFormat()
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
  const mode = i18n._(BULK_MODE_MESSAGES[plan.mode])
  const valid = format.number(plan.valid)
  const allRows = format.number(plan.rows)
  const invalidRows = format.number(plan.invalid)
  const ignoredColumns = plan.ignoredColumns.join(', ')
  const minimum = format.number(CONCURRENCY.min)
  const maximum = format.number(CONCURRENCY.max)

  async function send(exportFile?: FileGrant) {
    const confirmation = isExport
      ? {}
      : await confirmWrite(
          t({
            message: plural(
              { validCount: plan.valid },
              {
                one: `send ${valid} row (${mode})`,
                other: `send ${valid} rows (${mode})`,
              },
            ),
          }),
        )
    if (!confirmation) return
    start.mutate(
      {
        planId: plan.planId,
        concurrency,
        ...confirmation,
        ...(exportFile ? { exportTo: { file: exportFile.handle, format: exportFormat } } : {}),
      },
      { onSuccess: onStarted },
    )
  }

  return (
    <>
      <Card title={t`Dry run`}>
        <dl className="counts" aria-label={t`Dry run counts`}>
          <div>
            <dt>
              <Trans>Rows</Trans>
            </dt>
            <dd>{allRows}</dd>
          </div>
          <div>
            <dt>
              <Trans>Valid</Trans>
            </dt>
            <dd>{valid}</dd>
          </div>
          <div>
            <dt>
              <Trans>Invalid</Trans>
            </dt>
            <dd>{invalidRows}</dd>
          </div>
          <div>
            <dt>
              <Trans>Repeated tokens</Trans>
            </dt>
            <dd>{format.number(plan.duplicates)}</dd>
          </div>
        </dl>
        <p className="muted">
          <Trans>
            Nothing has been sent. Values are shown as they would be sent: ID numbers and mobiles
            compacted, dates as YYYY-MM-DD.
          </Trans>
          {plan.ignoredColumns.length > 0 ? (
            <>
              {' '}
              <Trans>
                Ignored columns: <span translate="no">{ignoredColumns}</span>.
              </Trans>
            </>
          ) : null}
        </p>
        <fieldset className="segmented">
          <legend className="visually-hidden">
            <Trans>Rows shown</Trans>
          </legend>
          <label>
            <input
              type="radio"
              name="only"
              checked={only === 'all'}
              onChange={() => setOnly('all')}
            />
            <Trans>All rows ({allRows})</Trans>
          </label>
          <label>
            <input
              type="radio"
              name="only"
              checked={only === 'invalid'}
              onChange={() => setOnly('invalid')}
            />
            <Trans>Invalid rows only ({invalidRows})</Trans>
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
              label={t`Save the invalid rows to`}
              description={
                <Trans>
                  A CSV with the file&apos;s own columns and an <code translate="no">errors</code>{' '}
                  column: fix it in a spreadsheet, then read it here again.
                </Trans>
              }
              action={t`Save invalid rows`}
              dialog={{ purpose: 'save', format: 'csv', suggestedName: 'invalid-rows.csv' }}
              busy={saveInvalid.isPending}
              onSubmit={(file) => saveInvalid.mutate({ planId: plan.planId, file: file.handle })}
            />
            {saveInvalid.data ? (
              <Notice tone="success">
                <SavedRows count={saveInvalid.data.rows} path={saveInvalid.data.path} />
              </Notice>
            ) : null}
            {saveInvalid.error ? <ErrorAlert error={errorShape(saveInvalid.error)} /> : null}
          </>
        ) : null}
      </Card>
      <Card title={isExport ? t`Export` : t`Send`}>
        <div className="grid">
          <div className="field">
            <label htmlFor={concurrencyId}>
              <Trans>Calls at once</Trans>
            </label>
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
              <Trans>
                {minimum} to {maximum}. The service's rate limits are honoured whatever this is.
              </Trans>
            </p>
          </div>
          {isExport ? (
            <div className="field">
              <label htmlFor={formatId}>
                <Trans>Format</Trans>
              </label>
              <select
                id={formatId}
                translate="no"
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
            key={exportFormat}
            label={t`Write the records to`}
            description={t`Personal data of the users reaches this file, and only this one.`}
            action={t({
              message: plural(
                { validCount: plan.valid },
                {
                  one: `Export ${valid} row`,
                  other: `Export ${valid} rows`,
                },
              ),
            })}
            dialog={{
              purpose: 'save',
              format: exportFormat,
              suggestedName: `export.${exportFormat}`,
            }}
            busy={start.isPending}
            onSubmit={(file) => void send(file)}
          />
        ) : null}
        {start.error ? <ErrorAlert error={errorShape(start.error)} /> : null}
        <div className="form-actions">
          <Button variant="ghost" onClick={onBack}>
            <Trans>Back</Trans>
          </Button>
          {isExport ? null : (
            <Button
              variant="primary"
              busy={start.isPending}
              disabled={plan.valid === 0}
              onClick={() => void send()}
            >
              {t({
                message: plural(
                  { validCount: plan.valid },
                  {
                    one: `${mode}: send ${valid} row`,
                    other: `${mode}: send ${valid} rows`,
                  },
                ),
              })}
            </Button>
          )}
        </div>
      </Card>
    </>
  )
}

function SavedRows({ count, path }: { count: number; path: string }) {
  const { t } = useLingui()
  const rows = useFormat().number(count)
  return t({
    message: plural(count, {
      one: `Saved ${rows} row to ${path}.`,
      other: `Saved ${rows} rows to ${path}.`,
    }),
  })
}
