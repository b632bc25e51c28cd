import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { BULK_MODES, type BulkMode, type InspectResult, type RunProgress } from '@shared/bulk'
import { USER_STATUSES, type UserStatus } from '@shared/service'
import type { FileGrant } from '@shared/ipc'
import { Button } from '../../../components/ui/button'
import { ErrorAlert } from '../../../components/ui/error-alert'
import { Card } from '../../../components/ui/page'
import { useFormat } from '../../../i18n/format'
import { errorShape } from '../../../lib/api'
import { USER_STATUS_MESSAGES } from '../../../lib/user-labels'
import { recordEnvironment } from '../../../lib/environment-name'
import { BULK_MODE_HELP, BULK_MODE_MESSAGES } from '../labels'
import { useInspectFile } from '../api/inspect-file'
import { useDiscardRun, useResumableRuns } from '../api/unfinished-runs'
import { useConfirmedResume } from './confirmed-resume'
import { PathField } from '../../../components/path-field'

export interface FileChoice {
  /** The CSV as main granted it: its handle for the dry run, its name to show. */
  file: FileGrant
  mode: BulkMode
  status: UserStatus | null
  inspected: InspectResult
}

function UnfinishedRuns({ onResumed }: { onResumed: (progress: RunProgress) => void }) {
  const { t, i18n } = useLingui()
  const format = useFormat()
  const resumable = useResumableRuns()
  const { resume, resumeRun } = useConfirmedResume(onResumed)
  const discard = useDiscardRun()
  const runs = resumable.data?.runs ?? []
  if (runs.length === 0) return null
  return (
    <Card title={t`Unfinished runs`}>
      <p className="muted">
        <Trans>
          These runs stopped before their end (a cancel, a quit or a crash). Resuming sends only the
          rows not done yet; the file must be the same.
        </Trans>
      </p>
      <ul className="run-list">
        {runs.map((run) => {
          const mode = i18n._(BULK_MODE_MESSAGES[run.mode])
          const environment = recordEnvironment(run, i18n)
          const environmentName = environment.name
          const done = format.number(run.done)
          const total = format.number(run.total)
          const startedAt = format.dateTime(run.startedAt)
          return (
            <li key={run.runId}>
              <span>
                <strong translate="no">{run.fileName}</strong> ·{' '}
                <Trans>
                  {mode} on <span translate={environment.translate}>{environmentName}</span>
                </Trans>{' '}
                ·{' '}
                {t({
                  message: plural(
                    { rowCount: run.total },
                    {
                      one: `${done} of ${total} row done`,
                      other: `${done} of ${total} rows done`,
                    },
                  ),
                })}{' '}
                · {t`started ${startedAt}`}
                {run.underWayElsewhere ? (
                  <>
                    {' '}
                    ·{' '}
                    <strong>
                      <Trans>under way in another window or command</Trans>
                    </strong>
                  </>
                ) : null}
              </span>
              {run.underWayElsewhere ? null : (
                <span className="run-list-actions">
                  <Button
                    busy={resume.isPending && resume.variables.runId === run.runId}
                    onClick={() => void resumeRun(run)}
                  >
                    <Trans>Resume</Trans>
                  </Button>
                  <Button variant="ghost" onClick={() => discard.mutate(run.runId)}>
                    <Trans>Discard</Trans>
                  </Button>
                </span>
              )}
            </li>
          )
        })}
      </ul>
      {resume.error ? <ErrorAlert error={errorShape(resume.error)} /> : null}
      {discard.error ? <ErrorAlert error={errorShape(discard.error)} /> : null}
    </Card>
  )
}

/** Step 1: what to do, and the file to do it with. */
export function FileStep({
  onChosen,
  onResumed,
}: {
  onChosen: (choice: FileChoice) => void
  onResumed: (progress: RunProgress) => void
}) {
  const { t, i18n } = useLingui()
  const [mode, setMode] = useState<BulkMode>('create')
  const [status, setStatus] = useState<UserStatus>(3)
  const inspect = useInspectFile()
  const modeId = useId()
  const statusId = useId()
  return (
    <>
      <UnfinishedRuns onResumed={onResumed} />
      <Card title={t`File and action`}>
        <div className="grid">
          <div className="field">
            <label htmlFor={modeId}>
              <Trans>Action</Trans>
            </label>
            <select id={modeId} value={mode} onChange={(e) => setMode(e.target.value as BulkMode)}>
              {BULK_MODES.map((value) => (
                <option key={value} value={value}>
                  {i18n._(BULK_MODE_MESSAGES[value])}
                </option>
              ))}
            </select>
            <p className="field-description">{i18n._(BULK_MODE_HELP[mode])}</p>
          </div>
          {mode === 'setStatus' ? (
            <div className="field">
              <label htmlFor={statusId}>
                <Trans>Status to set</Trans>
              </label>
              <select
                id={statusId}
                value={status}
                onChange={(e) => setStatus(Number(e.target.value) as UserStatus)}
              >
                {USER_STATUSES.map((value) => {
                  const label = i18n._(USER_STATUS_MESSAGES[value])
                  return (
                    <option key={value} value={value}>
                      {t`${label} (${value})`}
                    </option>
                  )
                })}
              </select>
            </div>
          ) : null}
        </div>
        <PathField
          label={t`CSV file`}
          description={t`A CSV file on this computer: comma or semicolon separated, UTF-8 or Windows-1252, with a header row.`}
          action={t`Read file`}
          dialog={{ purpose: 'open', format: 'csv' }}
          busy={inspect.isPending}
          onSubmit={(file) =>
            inspect.mutate(file.handle, {
              onSuccess: (inspected) =>
                onChosen({ file, mode, status: mode === 'setStatus' ? status : null, inspected }),
            })
          }
        />
        {inspect.error ? <ErrorAlert error={errorShape(inspect.error)} /> : null}
      </Card>
    </>
  )
}
