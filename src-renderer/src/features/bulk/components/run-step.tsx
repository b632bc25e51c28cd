import type { I18n } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'
import { OUTCOMES, type RunProgress, type RunState } from '@shared/bulk'
import type { Said } from '@shared/messages/said'
import { Button } from '../../../components/ui/button'
import { ErrorAlert } from '../../../components/ui/error-alert'
import { Card } from '../../../components/ui/page'
import { useFormat } from '../../../i18n/format'
import { useWordSaid } from '../../../i18n/translate-message'
import { errorShape } from '../../../lib/api'
import { useRunProgress } from '../api/run-progress'
import { useControlRun } from '../api/start-run'
import { recordEnvironment } from '../../../lib/environment-name'
import { BULK_MODE_MESSAGES, OUTCOME_MESSAGES, RUN_STATE_MESSAGES } from '../labels'
import { RunEnded } from './run-ended'

type Format = ReturnType<typeof useFormat>

function duration(i18n: I18n, format: Format, seconds: number): string {
  if (seconds < 60) {
    const s = format.number(Math.ceil(seconds))
    return i18n._(msg`${s} s`)
  }
  const minutes = Math.floor(seconds / 60)
  if (minutes < 60) {
    const min = format.number(minutes)
    const s = format.number(Math.ceil(seconds % 60))
    return i18n._(msg`${min} min ${s} s`)
  }
  const h = format.number(Math.floor(minutes / 60))
  const min = format.number(minutes % 60)
  return i18n._(msg`${h} h ${min} min`)
}

/** What screen readers are told of a run: its state, the share done in tenths, what it waits for. */
interface Summary {
  state: RunState
  tenth: number
  waiting: Said | null
}

/** While the state stays the same, the live region changes at most this often. */
const ANNOUNCE_EVERY_MS = 10_000
// A live region only speaks the changes made after it is in the accessibility tree: the first
// summary waits until the region has been there a moment.
const FIRST_ANNOUNCEMENT_MS = 500

/**
 * The summary the polite live region holds. Main reports progress many times a second; the
 * region follows it only on a new state (started, paused, cancelled, finished) and otherwise at
 * most every ten seconds, so a long run does not keep talking over what the user is reading.
 */
function useAnnouncedSummary(progress: RunProgress): Summary | null {
  const [announced, setAnnounced] = useState<Summary | null>(null)
  const shownAt = useRef(0)
  const announcedAt = useRef(0)
  const { state, waiting } = progress
  const tenth = progress.total === 0 ? 10 : Math.floor((progress.done / progress.total) * 10)
  useEffect(() => {
    shownAt.current = Date.now()
  }, [])
  useEffect(() => {
    // Each report brings a new message object: the same words are the same wait.
    const sameWait = (announced?.waiting?.text ?? null) === (waiting?.text ?? null)
    if (announced?.state === state && announced.tenth === tenth && sameWait) return
    // Measured from a fixed time, not from now: reports keep coming, and each one replaces the
    // pending summary without putting it off.
    const due =
      announced === null
        ? shownAt.current + FIRST_ANNOUNCEMENT_MS
        : announced.state !== state
          ? 0
          : announcedAt.current + ANNOUNCE_EVERY_MS
    const timer = setTimeout(
      () => {
        announcedAt.current = Date.now()
        setAnnounced({ state, tenth, waiting })
      },
      Math.max(0, due - Date.now()),
    )
    return () => clearTimeout(timer)
  }, [announced, state, tenth, waiting])
  return announced
}

/** Step 4: the run, live; then its results. */
export function RunStep({
  started,
  onRerun,
  onResumed,
  onDone,
}: {
  started: RunProgress
  onRerun: (started: RunProgress) => void
  onResumed: (started: RunProgress) => void
  onDone: () => void
}) {
  const { t, i18n } = useLingui()
  const format = useFormat()
  const word = useWordSaid()
  const progress = useRunProgress(started)
  const announced = useAnnouncedSummary(progress)
  const control = useControlRun()
  const over = progress.state === 'finished' || progress.state === 'cancelled'
  const act = (action: 'pause' | 'resume' | 'cancel') =>
    control.mutate({ runId: progress.runId, action })

  const mode = i18n._(BULK_MODE_MESSAGES[progress.mode])
  const environment = recordEnvironment(progress, i18n)
  const environmentName = environment.name
  const done = format.number(progress.done)
  const total = format.number(progress.total)
  const before = format.number(progress.doneBefore)
  const left = format.number(progress.remaining)
  const rate = format.decimal(progress.ratePerSecond)
  const eta = progress.etaSeconds === null ? null : duration(i18n, format, progress.etaSeconds)

  // A run that stopped by itself (see `stopped`) is not said to be cancelled: nobody cancelled it.
  function stateLabel(state: RunState): string {
    if (progress.stopped && state === 'cancelling') return t`Stopping`
    if (progress.stopped && state === 'cancelled') return t`Stopped`
    return i18n._(RUN_STATE_MESSAGES[state])
  }

  function announcement(summary: Summary): string {
    const state = stateLabel(summary.state)
    const percent = format.number(summary.tenth * 10)
    const said = t`${state}: ${percent}% done.`
    return summary.waiting === null ? said : `${said} ${word(summary.waiting)}`
  }

  return (
    <Card
      title={
        <Trans>
          {mode} on <span translate={environment.translate}>{environmentName}</span>
        </Trans>
      }
    >
      <p className="visually-hidden" role="status">
        {announced ? announcement(announced) : null}
      </p>
      <div className="run-progress">
        <progress
          value={progress.done}
          max={Math.max(1, progress.total)}
          aria-label={t`Rows done`}
        />
        <span>
          <strong>{stateLabel(progress.state)}</strong> ·{' '}
          {t({
            message: plural(
              { rowCount: progress.total },
              {
                one: `${done} of ${total} row`,
                other: `${done} of ${total} rows`,
              },
            ),
          })}
          {progress.doneBefore > 0 ? ` ${t`(${before} in an earlier session)`}` : ''} ·{' '}
          {t({
            message: plural(
              { leftCount: progress.remaining },
              { one: `${left} left`, other: `${left} left` },
            ),
          })}
          {progress.state === 'running' ? ` · ${t`${rate} rows/s`}` : ''}
          {eta !== null ? ` · ${t`about ${eta} to go`}` : ''}
        </span>
      </div>
      {progress.waiting ? (
        // Not a Notice: its text changes with every report, and the live region above says it
        // at a pace a listener can follow.
        <div className="alert alert-warning">{word(progress.waiting)}</div>
      ) : null}
      <dl className="counts" aria-label={t`Outcomes`}>
        {OUTCOMES.filter((outcome) => progress.counts[outcome] > 0 || outcome === 'failed').map(
          (outcome) => (
            <div key={outcome}>
              <dt>{i18n._(OUTCOME_MESSAGES[outcome])}</dt>
              <dd>{format.number(progress.counts[outcome])}</dd>
            </div>
          ),
        )}
      </dl>
      {progress.stopped ? <ErrorAlert error={progress.stopped} title={t`The run stopped`} /> : null}
      {control.error ? <ErrorAlert error={errorShape(control.error)} /> : null}
      {over ? (
        <RunEnded progress={progress} onRerun={onRerun} onResumed={onResumed} onDone={onDone} />
      ) : (
        <div className="form-actions">
          {progress.state === 'paused' ? (
            <Button variant="primary" onClick={() => act('resume')}>
              <Trans>Resume</Trans>
            </Button>
          ) : (
            <Button onClick={() => act('pause')} disabled={progress.state !== 'running'}>
              <Trans>Pause</Trans>
            </Button>
          )}
          <Button
            variant="danger"
            onClick={() => act('cancel')}
            disabled={progress.state === 'cancelling'}
          >
            <Trans>Cancel</Trans>
          </Button>
        </div>
      )}
    </Card>
  )
}
