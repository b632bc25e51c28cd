import type { RunProgress } from '../../src-shared/bulk'
import type { Said } from '../../src-shared/messages'
import { cliSaid, type CliMessageKey } from '../../src-shared/messages/cli-messages'
import type { Translate } from '../core/i18n/message-translator'
import type { CliIo } from './cli-context'

const PLAIN_EVERY_MS = 2000
const BAR_WIDTH = 24

const STATE_WORDS: Readonly<Record<string, CliMessageKey>> = {
  running: 'stateRunning',
  paused: 'statePaused',
  cancelling: 'stateCancelling',
  cancelled: 'stateCancelled',
  finished: 'stateFinished',
  stopped: 'stateStopped',
  stopping: 'stateStopping',
}

/** A run that stopped by itself is said so, not as a cancel nobody asked for. */
function stateOf(progress: RunProgress): string {
  if (!progress.stopped) return progress.state
  return progress.state === 'cancelled' ? 'stopped' : 'stopping'
}

const stateSaid = (progress: RunProgress): Said =>
  cliSaid(STATE_WORDS[stateOf(progress)] ?? 'stateRunning')

function summary(progress: RunProgress): Said {
  const counts = { done: progress.done, total: progress.total, failed: progress.failed }
  const rate = Math.round(progress.ratePerSecond)
  const eta = progress.etaSeconds === null ? null : Math.ceil(progress.etaSeconds)
  if (rate > 0 && eta !== null) return cliSaid('progressRateEta', { ...counts, rate, eta })
  if (rate > 0) return cliSaid('progressRate', { ...counts, rate })
  return cliSaid('progressCounts', counts)
}

/**
 * A run's progress on stderr (stdout keeps the results): one bar redrawn in place on a terminal,
 * a plain line every two seconds and at every change of state elsewhere (CI logs, pipes).
 */
export function progressReporter(io: CliIo, say: Translate) {
  const terminal = io.stderr.isTTY === true
  let lastLine = 0
  let lastState: string | undefined
  let drawn = false
  return {
    update(progress: RunProgress): void {
      const stateChanged = stateOf(progress) !== lastState
      lastState = stateOf(progress)
      if (terminal) {
        const share = progress.total === 0 ? 1 : progress.done / progress.total
        const filled = Math.round(share * BAR_WIDTH)
        const bar = `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}]`
        const line = `${bar} ${Math.floor(share * 100)}% ${progress.stopped ? `${say(stateSaid(progress))}, ` : ''}${say(summary(progress))}${progress.waiting ? ` · ${say(progress.waiting)}` : ''}`
        const width = Math.max(20, (io.stderr.columns ?? 100) - 1)
        io.stderr.write(`\r\u001b[2K${line.slice(0, width)}`)
        drawn = true
        return
      }
      const now = Date.now()
      if (!stateChanged && now - lastLine < PLAIN_EVERY_MS) return
      lastLine = now
      const line = cliSaid(progress.waiting ? 'progressWaiting' : 'progressLine', {
        state: stateSaid(progress),
        summary: summary(progress),
        ...(progress.waiting ? { waiting: progress.waiting } : {}),
      })
      io.stderr.write(`${say(line)}\n`)
    },
    /** Leaves the bar's line, so what follows starts on its own. */
    end(): void {
      if (drawn) io.stderr.write('\n')
      drawn = false
    },
  }
}
