import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { CONCURRENCY, type ResumableRun, type RunProgress } from '@shared/bulk'
import { useConfirmWrite } from '../../../components/write-guard'
import { useFormat } from '../../../i18n/format'
import { useResumeRun } from '../api/unfinished-runs'
import { BULK_MODE_MESSAGES } from '../labels'

/**
 * Resuming a stopped run, wherever the screen offers it: confirmed as any write to its own
 * environment (which may not be the active one), then the run's screen from what main answered.
 */
export function useConfirmedResume(onResumed: (progress: RunProgress) => void) {
  const { t, i18n } = useLingui()
  const format = useFormat()
  const resume = useResumeRun()
  const confirmWrite = useConfirmWrite()

  async function resumeRun(run: ResumableRun): Promise<void> {
    const mode = i18n._(BULK_MODE_MESSAGES[run.mode])
    const left = format.number(run.total - run.done)
    const confirmation = await confirmWrite(
      t({
        message: plural(
          { rowsLeft: run.total - run.done },
          {
            one: `resume: send up to ${left} row (${mode})`,
            other: `resume: send up to ${left} rows (${mode})`,
          },
        ),
      }),
      { name: run.environmentName, kind: run.environmentKind ?? 'deleted' },
    )
    if (confirmation)
      resume.mutate(
        { runId: run.runId, concurrency: CONCURRENCY.default, ...confirmation },
        { onSuccess: (progress) => onResumed(progress) },
      )
  }

  return { resume, resumeRun }
}
