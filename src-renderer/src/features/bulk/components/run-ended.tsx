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
import { BULK_MODE_MESSAGES } from '../labels'
import { PathField } from '../../../components/path-field'
import { ResultsTable } from './results-table'

/**
 * An ended run (finished, cancelled or stopped): every row and what became of it, the failed
 * rows sent again as a new run (same checks, a ledger of its own), the results saved to a file.
 */
export function RunEnded({
  progress,
  onRerun,
  onDone,
}: {
  progress: RunProgress
  onRerun: (started: RunProgress) => void
  onDone: () => void
}) {
  const { t, i18n } = useLingui()
  const format = useFormat()
  const saveResults = useSaveResults()
  const rerun = useRerun()
  const confirmWrite = useConfirmWrite()
  const rerunnable = useRunResults(progress.runId, 'all', 0).data?.rerunnable ?? 0
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
      {rerun.error ? <ErrorAlert error={errorShape(rerun.error)} /> : null}
      <div className="form-actions">
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
        <Button variant="primary" onClick={onDone}>
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
