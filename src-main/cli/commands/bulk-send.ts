import type { RunProgress } from '../../../src-shared/bulk'
import { cliSaid } from '../../../src-shared/messages/cli-messages'
import type { CliContext } from '../cli-context'
import { EXIT, exitCodeFor, type ExitCode } from '../exit-codes'
import { progressReporter } from '../progress-reporter'
import { shellWord } from '../shell-word'

type StopSignal = 'SIGINT' | 'SIGTERM'

/**
 * The run's end as an exit code (the table in docs/command-line.md). A run that stopped by itself ends with the
 * code of what stopped it (credentials refused 1, not reached or its certificate not trusted 3,
 * the keychain 4...); a cancel with the shell's code for its signal; otherwise any row whose
 * outcome is unknown, then any row refused, is the script's business.
 */
function exitOf(end: RunProgress, signal: StopSignal | undefined): ExitCode {
  if (end.stopped) return exitCodeFor(end.stopped)
  if (signal !== undefined) return signal === 'SIGINT' ? EXIT.interrupted : EXIT.terminated
  if (end.counts.unknown > 0) return EXIT.outcomeUnknown
  if (end.counts.failed > 0) return EXIT.refused
  // Only this process's own cancel ends its run early: anything else is a defect.
  return end.state === 'finished' ? EXIT.ok : EXIT.internal
}

const NAMED_ROWS = 20

/** Every row that failed, or whose outcome is unknown, by its number and token, with why. */
async function nameProblemRows(context: CliContext, runId: string, count: number): Promise<void> {
  if (count === 0) return
  const page = await context.call('bulk:results', {
    runId,
    show: 'attention',
    offset: 0,
    limit: NAMED_ROWS * 2,
  })
  const problems = page.rows.filter((row) => row.outcome === 'failed' || row.outcome === 'unknown')
  for (const row of problems.slice(0, NAMED_ROWS))
    context.tell(
      cliSaid(row.outcome === 'failed' ? 'rowFailed' : 'rowUnknown', {
        row: row.row,
        token: row.token,
        message: row.said ? context.say(row.said) : '',
      }),
    )
  if (count > NAMED_ROWS) context.tell(cliSaid('moreProblemRows', { count: count - NAMED_ROWS }))
}

/**
 * Sends the planned rows with progress on stderr, and says how the run ended: its counts on
 * stdout, why it stopped (if it did) on stderr, and the exit code that goes with it.
 */
export async function sendRows(
  context: CliContext,
  begin: () => Promise<RunProgress>,
  saveResults: ((runId: string) => Promise<void>) | null,
): Promise<void> {
  const core = await context.core()
  const reporter = progressReporter(context.io, context.say)
  // Ctrl+C, or a CI job's stop (SIGTERM), cancels the run as the window's Cancel does: calls
  // already sent finish, those still connecting are given up, the ledger says where it stopped, and the window's Bulk screen offers to
  // resume it. Listened to before the run starts, so no stop is missed while it starts.
  let runId: string | undefined
  let signalled: StopSignal | undefined
  const askCancel = (id: string) =>
    void context.call('bulk:control', { runId: id, action: 'cancel' }).catch(() => undefined)
  const stop = (signal: StopSignal) => {
    if (signalled !== undefined) return
    signalled = signal
    context.note('')
    context.tell(cliSaid('cancelling'))
    if (runId !== undefined) askCancel(runId)
  }
  const signals = ['SIGINT', 'SIGTERM'] as const
  for (const signal of signals) process.on(signal, stop)
  let started: RunProgress
  let end: RunProgress
  let unsubscribe: () => void = () => undefined
  try {
    started = await begin()
    const id = started.runId
    runId = id
    if (signalled !== undefined) askCancel(id)
    unsubscribe = core.subscribe((event) => {
      if (event.name === 'bulk:progress' && event.payload.runId === id)
        reporter.update(event.payload)
    })
    reporter.update(started)
    end = await core.bulk.settled(id)
  } finally {
    for (const signal of signals) process.off(signal, stop)
    unsubscribe()
  }
  reporter.update(end)
  reporter.end()
  if (end.waiting) context.note(context.say(end.waiting))
  if (end.stopped) context.tell(cliSaid('error', { message: end.stopped.said }))
  await nameProblemRows(context, started.runId, end.counts.failed + end.counts.unknown)
  // An export keeps no ledger: it is run again, not resumed.
  if ((end.stopped || end.state === 'cancelled') && end.mode !== 'export')
    context.tell(cliSaid('resumeHint', { run: shellWord(started.runId) }))
  await saveResults?.(started.runId)
  const counts = Object.entries(end.counts)
    .filter(([, count]) => count > 0)
    .map(([outcome, count]) => `${outcome} ${count}`)
  const state = end.stopped ? 'stopped' : end.state
  context.out(`${state}: ${counts.join(', ') || 'no row done'} (of ${end.total} rows)`)
  context.exitCode = exitOf(end, signalled)
}
