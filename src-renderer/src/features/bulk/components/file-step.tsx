import { useId, useState } from 'react'
import {
  BULK_MODE_LABELS,
  BULK_MODES,
  CONCURRENCY,
  type BulkMode,
  type InspectResult,
  type RunProgress,
} from '@shared/bulk'
import { USER_STATUS_LABELS, USER_STATUSES, type UserStatus } from '@shared/service'
import { Button } from '../../../components/ui/button'
import { ErrorAlert } from '../../../components/ui/error-alert'
import { Card } from '../../../components/ui/page'
import { useConfirmWrite } from '../../../components/write-guard'
import { errorShape } from '../../../lib/api'
import { useDiscardRun, useInspectFile, useResumableRuns, useResumeRun } from '../api/bulk'
import { PathField } from './path-field'

export interface FileChoice {
  path: string
  mode: BulkMode
  status: UserStatus | null
  inspected: InspectResult
}

const MODE_HELP: Record<BulkMode, string> = {
  create: 'Creates a user per row. A token that exists already is reported, not changed.',
  createOrUpdate: 'Creates a user per row; where the token exists, updates its updatable fields.',
  update: 'Updates existing users; every row needs a token and a status.',
  setStatus: 'Gives every token of the file the status chosen here.',
  export: 'Looks up every token and writes the records to a file you choose.',
}

function UnfinishedRuns({ onResumed }: { onResumed: (progress: RunProgress) => void }) {
  const resumable = useResumableRuns()
  const resume = useResumeRun()
  const discard = useDiscardRun()
  const confirmWrite = useConfirmWrite()
  const runs = resumable.data?.runs ?? []
  if (runs.length === 0) return null
  return (
    <Card title="Unfinished runs">
      <p className="muted">
        These runs stopped before their end (a cancel, a quit or a crash). Resuming sends only the
        rows not done yet; the file must be the same.
      </p>
      <ul className="run-list">
        {runs.map((run) => (
          <li key={run.runId}>
            <span>
              <strong>{run.fileName}</strong> · {BULK_MODE_LABELS[run.mode]} on{' '}
              {run.environmentName} · {run.done.toLocaleString()} of {run.total.toLocaleString()}{' '}
              rows done · started {new Date(run.startedAt).toLocaleString()}
              {run.underWayElsewhere ? (
                <>
                  {' '}
                  · <strong>under way in another window or command</strong>
                </>
              ) : null}
            </span>
            {run.underWayElsewhere ? null : (
              <span className="run-list-actions">
                <Button
                  busy={resume.isPending && resume.variables.runId === run.runId}
                  onClick={() => {
                    // The run writes to its own environment, which may not be the active one.
                    const target = {
                      name: run.environmentName,
                      kind: run.environmentKind ?? 'deleted',
                    }
                    const left = (run.total - run.done).toLocaleString()
                    void confirmWrite(
                      `resume: send up to ${left} rows (${BULK_MODE_LABELS[run.mode]})`,
                      target,
                    ).then((confirmation) => {
                      if (confirmation)
                        resume.mutate(
                          { runId: run.runId, concurrency: CONCURRENCY.default, ...confirmation },
                          { onSuccess: onResumed },
                        )
                    })
                  }}
                >
                  Resume
                </Button>
                <Button variant="ghost" onClick={() => discard.mutate(run.runId)}>
                  Discard
                </Button>
              </span>
            )}
          </li>
        ))}
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
  const [mode, setMode] = useState<BulkMode>('create')
  const [status, setStatus] = useState<UserStatus>(3)
  const inspect = useInspectFile()
  const modeId = useId()
  const statusId = useId()
  return (
    <>
      <UnfinishedRuns onResumed={onResumed} />
      <Card title="File and action">
        <div className="grid">
          <div className="field">
            <label htmlFor={modeId}>Action</label>
            <select id={modeId} value={mode} onChange={(e) => setMode(e.target.value as BulkMode)}>
              {BULK_MODES.map((value) => (
                <option key={value} value={value}>
                  {BULK_MODE_LABELS[value]}
                </option>
              ))}
            </select>
            <p className="field-description">{MODE_HELP[mode]}</p>
          </div>
          {mode === 'setStatus' ? (
            <div className="field">
              <label htmlFor={statusId}>Status to set</label>
              <select
                id={statusId}
                value={status}
                onChange={(e) => setStatus(Number(e.target.value) as UserStatus)}
              >
                {USER_STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {USER_STATUS_LABELS[value]} ({value})
                  </option>
                ))}
              </select>
            </div>
          ) : null}
        </div>
        <PathField
          label="CSV file"
          description="The path of a CSV file on this computer: comma or semicolon separated, UTF-8 or Windows-1252, with a header row."
          action="Read file"
          dialog={{ purpose: 'open', format: 'csv' }}
          busy={inspect.isPending}
          onSubmit={(path) =>
            inspect.mutate(path, {
              onSuccess: (inspected) =>
                onChosen({ path, mode, status: mode === 'setStatus' ? status : null, inspected }),
            })
          }
        />
        {inspect.error ? <ErrorAlert error={errorShape(inspect.error)} /> : null}
      </Card>
    </>
  )
}
