import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { CONCURRENCY, type RunProgress } from '@shared/bulk'
import { Button } from '../../../components/ui/button'
import { ErrorAlert, Notice } from '../../../components/ui/error-alert'
import { useConfirmWrite } from '../../../components/write-guard'
import { useFormat } from '../../../i18n/format'
import { errorShape } from '../../../lib/api'
import { useSaveResults } from '../api/save-files'
import { useRerun, useRunResults } from '../api/run-results'
import { useResumableRuns } from '../api/unfinished-runs'
import { BULK_MODE_MESSAGES } from '../labels'
import { PathField } from '../../../components/path-field'
import { ConflictHint } from './conflict-hint'
import { useConfirmedResume } from './confirmed-resume'
import { ResultsTable } from './results-table'

/**
 * An ended run (finished, cancelled or stopped): every row and what became of it; a stopped or
 * cancelled run resumed from its ledger, the failed rows of a finished one sent again as a new
 * run (same checks, a ledger of its own); the results saved to a file.
 */
export function RunEnded({
  progress,
  onRerun,
  onResumed,
  onDone,
}: {
  progress: RunProgress
  onRerun: (started: RunProgress) => void
  onResumed: (started: RunProgress) => void
  onDone: () => void
}) {
  const { t, i18n } = useLingui()
  const format = useFormat()
  const saveResults = useSaveResults()
  const rerun = useRerun()
  const confirmWrite = useConfirmWrite()
  const results = useRunResults(progress.runId, 'all', 0).data
  const rerunnable = results?.rerunnable ?? 0
  const conflicts = results?.conflicts ?? 0
  const resumable = useResumableRuns()
  const { resume, resumeRun } = useConfirmedResume(onResumed)
  // Main's list as read since this run ended: one read before may still offer it after a resume.
  const resumableRun = resumable.isFetchedAfterMount
    ? resumable.data?.runs.find((run) => run.runId === progress.runId && !run.underWayElsewhere)
    : undefined
  const count = format.number(rerunnable)
  const mode = i18n._(BULK_MODE_MESSAGES[progress.mode])

  async function sendAgain() {
    const confirmation = await confirmWrite(
      t({
        message: plural(
          { rerunCount: rerunnable },
          {
            one: `send ${count} failed row again (${mode})`,
            other: `send ${count} failed rows again (${mode})`,
          },
        ),
      }),
      { name: progress.environmentName, kind: progress.environmentKind },
    )
    if (!confirmation) return
    rerun.mutate(
      { runId: progress.runId, concurrency: CONCURRENCY.default, ...confirmation },
      { onSuccess: onRerun },
    )
  }

  return (
    <>
      <ResultsTable runId={progress.runId} />
      {progress.mode === 'create' && conflicts > 0 ? <ConflictHint count={conflicts} /> : null}
      {rerun.error ? <ErrorAlert error={errorShape(rerun.error)} /> : null}
      {resume.error ? <ErrorAlert error={errorShape(resume.error)} /> : null}
      <div className="form-actions">
        {resumableRun ? (
          <Button
            variant="primary"
            busy={resume.isPending}
            onClick={() => void resumeRun(resumableRun)}
          >
            <Trans>Resume</Trans>
          </Button>
        ) : null}
        {/* A cancelled or stopped run is resumed instead (its ledger holds what it sent). */}
        {rerunnable > 0 &&
        progress.mode !== 'export' &&
        progress.state === 'finished' &&
        progress.stopped === null ? (
          <Button busy={rerun.isPending} onClick={() => void sendAgain()}>
            {t({
              message: plural(
                { rerunCount: rerunnable },
                {
                  one: `Run the ${count} failed row again`,
                  other: `Run the ${count} failed rows again`,
                },
              ),
            })}
          </Button>
        ) : null}
        <Button variant={resumableRun ? 'secondary' : 'primary'} onClick={onDone}>
          <Trans>Start another</Trans>
        </Button>
      </div>
      <PathField
        label={t`Save the results to`}
        description={
          <Trans>
            A CSV with a line for every row of the file; its columns, named for scripts, are{' '}
            <code translate="no">row, token, outcome, status, message</code>.
          </Trans>
        }
        action={t`Save results`}
        dialog={{ purpose: 'save', format: 'csv', suggestedName: 'results.csv' }}
        busy={saveResults.isPending}
        onSubmit={(file) => saveResults.mutate({ runId: progress.runId, file: file.handle })}
      />
      {saveResults.data ? (
        <Notice tone="success">
          <SavedResults count={saveResults.data.rows} file={saveResults.data.name} />
        </Notice>
      ) : null}
      {saveResults.error ? <ErrorAlert error={errorShape(saveResults.error)} /> : null}
    </>
  )
}

function SavedResults({ count, file }: { count: number; file: string }) {
  const { t } = useLingui()
  const results = useFormat().number(count)
  return t({
    message: plural(count, {
      one: `Saved ${results} result to ${file}.`,
      other: `Saved ${results} results to ${file}.`,
    }),
  })
}
