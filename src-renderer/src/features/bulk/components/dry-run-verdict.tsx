import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { BulkField, PlanSummary } from '@shared/bulk'
import { ErrorAlert, Notice } from '../../../components/ui/error-alert'
import { Card } from '../../../components/ui/page'
import { useFormat } from '../../../i18n/format'
import { errorShape } from '../../../lib/api'
import { useSaveInvalid } from '../api/save-files'
import { PathField } from '../../../components/path-field'
import { RowsTable } from './rows-table'

/** The dry run's verdict: the counts, every row (or the invalid ones), the invalid rows to a file. */
export function DryRunVerdict({
  plan,
  fields,
}: {
  plan: PlanSummary
  fields: readonly BulkField[]
}) {
  const { t } = useLingui()
  const format = useFormat()
  const [only, setOnly] = useState<'all' | 'invalid'>(plan.invalid > 0 ? 'invalid' : 'all')
  const saveInvalid = useSaveInvalid()
  const valid = format.number(plan.valid)
  const allRows = format.number(plan.rows)
  const invalidRows = format.number(plan.invalid)
  const ignoredColumns = plan.ignoredColumns.join(', ')

  return (
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
              <SavedRows count={saveInvalid.data.rows} file={saveInvalid.data.name} />
            </Notice>
          ) : null}
          {saveInvalid.error ? <ErrorAlert error={errorShape(saveInvalid.error)} /> : null}
        </>
      ) : null}
    </Card>
  )
}

function SavedRows({ count, file }: { count: number; file: string }) {
  const { t } = useLingui()
  const rows = useFormat().number(count)
  return t({
    message: plural(count, {
      one: `Saved ${rows} row to ${file}.`,
      other: `Saved ${rows} rows to ${file}.`,
    }),
  })
}
