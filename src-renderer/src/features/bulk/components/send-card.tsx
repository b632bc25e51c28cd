import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { CONCURRENCY, type PlanSummary, type RunProgress } from '@shared/bulk'
import type { FileGrant } from '@shared/ipc'
import { Button } from '../../../components/ui/button'
import { ErrorAlert } from '../../../components/ui/error-alert'
import { Card } from '../../../components/ui/page'
import { useConfirmWrite } from '../../../components/write-guard'
import { useFormat } from '../../../i18n/format'
import { errorShape } from '../../../lib/api'
import { labelFor, USER_STATUS_MESSAGES } from '../../../lib/user-labels'
import { useStartRun } from '../api/start-run'
import { BULK_MODE_MESSAGES } from '../labels'
import { PathField } from '../../../components/path-field'

/** The run itself: how many calls at once, and for an export the file it writes; then go. */
export function SendCard({
  plan,
  onBack,
  onStarted,
}: {
  plan: PlanSummary
  onBack: () => void
  onStarted: (progress: RunProgress) => void
}) {
  const { t, i18n } = useLingui()
  const format = useFormat()
  // Held as typed, and read within its bounds: clamping each keystroke would turn "8" into "18".
  const [concurrencyText, setConcurrencyText] = useState(String(CONCURRENCY.default))
  const concurrency = Math.min(
    CONCURRENCY.max,
    Math.max(CONCURRENCY.min, Math.trunc(Number(concurrencyText)) || CONCURRENCY.default),
  )
  const [exportFormat, setExportFormat] = useState<'csv' | 'json'>('csv')
  const start = useStartRun()
  const confirmWrite = useConfirmWrite()
  const concurrencyId = useId()
  const formatId = useId()
  const isExport = plan.mode === 'export'
  // Set status is confirmed with the status it gives, named: "No Access" is not "Premium".
  const status = labelFor(i18n, USER_STATUS_MESSAGES, plan.status)
  const mode =
    plan.mode === 'setStatus' && plan.status !== null
      ? t`Set status to ${status}`
      : i18n._(BULK_MODE_MESSAGES[plan.mode])
  const valid = format.number(plan.valid)
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
  )
}
