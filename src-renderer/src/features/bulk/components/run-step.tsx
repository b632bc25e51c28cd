import { BULK_MODE_LABELS, OUTCOMES, type Outcome, type RunProgress } from '@shared/bulk'
import { Button } from '../../../components/ui/button'
import { ErrorAlert, Notice } from '../../../components/ui/error-alert'
import { Card } from '../../../components/ui/page'
import { errorShape } from '../../../lib/api'
import { useControlRun, useRunProgress, useSaveResults } from '../api/bulk'
import { PathField } from './path-field'

const OUTCOME_LABELS: Record<Outcome, string> = {
  created: 'Created',
  updated: 'Updated',
  statusSet: 'Status set',
  exported: 'Exported',
  failed: 'Failed',
  unknown: 'Outcome unknown',
}

const STATE_LABELS: Record<RunProgress['state'], string> = {
  running: 'Running',
  paused: 'Paused',
  cancelling: 'Cancelling',
  cancelled: 'Cancelled',
  finished: 'Finished',
}

function duration(seconds: number): string {
  if (seconds < 60) return `${Math.ceil(seconds)} s`
  const minutes = Math.floor(seconds / 60)
  return minutes < 60
    ? `${minutes} min ${Math.ceil(seconds % 60)} s`
    : `${Math.floor(minutes / 60)} h ${minutes % 60} min`
}

/**
 * What screen readers hear: the state and the share done in steps of a tenth. The text changes
 * only with them, so a long run is announced a few times, not at every progress event.
 */
function announcement(progress: RunProgress): string {
  const tenth = progress.total === 0 ? 10 : Math.floor((progress.done / progress.total) * 10)
  return `${STATE_LABELS[progress.state]}: ${tenth * 10}% done.`
}

/** Step 4: the run, live; then its results. */
export function RunStep({ started, onDone }: { started: RunProgress; onDone: () => void }) {
  const progress = useRunProgress(started)
  const control = useControlRun()
  const saveResults = useSaveResults()
  const over = progress.state === 'finished' || progress.state === 'cancelled'
  const act = (action: 'pause' | 'resume' | 'cancel') =>
    control.mutate({ runId: progress.runId, action })
  return (
    <Card title={`${BULK_MODE_LABELS[progress.mode]} on ${progress.environmentName}`}>
      <p className="visually-hidden" role="status">
        {announcement(progress)}
      </p>
      <div className="run-progress">
        <progress value={progress.done} max={Math.max(1, progress.total)} aria-label="Rows done" />
        <span>
          <strong>{STATE_LABELS[progress.state]}</strong> · {progress.done.toLocaleString()} of{' '}
          {progress.total.toLocaleString()} rows
          {progress.doneBefore > 0
            ? ` (${progress.doneBefore.toLocaleString()} in an earlier session)`
            : ''}{' '}
          · {progress.remaining.toLocaleString()} left
          {progress.state === 'running' ? ` · ${progress.ratePerSecond.toFixed(1)} rows/s` : ''}
          {progress.etaSeconds !== null ? ` · about ${duration(progress.etaSeconds)} to go` : ''}
        </span>
      </div>
      {progress.waiting ? <Notice tone="warning">{progress.waiting}</Notice> : null}
      <dl className="counts" aria-label="Outcomes">
        {OUTCOMES.filter((outcome) => progress.counts[outcome] > 0 || outcome === 'failed').map(
          (outcome) => (
            <div key={outcome}>
              <dt>{OUTCOME_LABELS[outcome]}</dt>
              <dd>{progress.counts[outcome].toLocaleString()}</dd>
            </div>
          ),
        )}
      </dl>
      {control.error ? <ErrorAlert error={errorShape(control.error)} /> : null}
      {over ? (
        <>
          <PathField
            label="Save the results to"
            description="A CSV with row, token, outcome, status and message for every row of the run."
            action="Save results"
            dialog={{ purpose: 'save', format: 'csv', suggestedName: 'results.csv' }}
            busy={saveResults.isPending}
            onSubmit={(path) => saveResults.mutate({ runId: progress.runId, path })}
          />
          {saveResults.data ? (
            <Notice tone="success">
              Saved {saveResults.data.rows.toLocaleString()} results to {saveResults.data.path}.
            </Notice>
          ) : null}
          {saveResults.error ? <ErrorAlert error={errorShape(saveResults.error)} /> : null}
          <div className="form-actions">
            <Button variant="primary" onClick={onDone}>
              Start another
            </Button>
          </div>
        </>
      ) : (
        <div className="form-actions">
          {progress.state === 'paused' ? (
            <Button variant="primary" onClick={() => act('resume')}>
              Resume
            </Button>
          ) : (
            <Button onClick={() => act('pause')} disabled={progress.state !== 'running'}>
              Pause
            </Button>
          )}
          <Button
            variant="danger"
            onClick={() => act('cancel')}
            disabled={progress.state === 'cancelling'}
          >
            Cancel
          </Button>
        </div>
      )}
    </Card>
  )
}
