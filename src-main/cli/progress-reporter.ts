import type { RunProgress } from '../../src-shared/bulk'
import type { Translate } from '../core/message-translator'
import type { CliIo } from './cli-context'

const PLAIN_EVERY_MS = 2000
const BAR_WIDTH = 24

/** A run that stopped by itself is said so, not as a cancel nobody asked for. */
function stateOf(progress: RunProgress): string {
  if (!progress.stopped) return progress.state
  return progress.state === 'cancelled' ? 'stopped' : 'stopping'
}

function summary(progress: RunProgress): string {
  const rate = progress.ratePerSecond > 0 ? `, ${Math.round(progress.ratePerSecond)} rows/s` : ''
  const eta = progress.etaSeconds === null ? '' : `, about ${Math.ceil(progress.etaSeconds)} s left`
  return `${progress.done.toLocaleString('en')}/${progress.total.toLocaleString('en')} done, ${progress.failed} failed${rate}${eta}`
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
        const line = `${bar} ${Math.floor(share * 100)}% ${progress.stopped ? `${stateOf(progress)}, ` : ''}${summary(progress)}${progress.waiting ? ` · ${say(progress.waiting)}` : ''}`
        const width = Math.max(20, (io.stderr.columns ?? 100) - 1)
        io.stderr.write(`\r\u001b[2K${line.slice(0, width)}`)
        drawn = true
        return
      }
      const now = Date.now()
      if (!stateChanged && now - lastLine < PLAIN_EVERY_MS) return
      lastLine = now
      io.stderr.write(
        `progress: ${stateOf(progress)}, ${summary(progress)}${progress.waiting ? ` (${say(progress.waiting)})` : ''}\n`,
      )
    },
    /** Leaves the bar's line, so what follows starts on its own. */
    end(): void {
      if (drawn) io.stderr.write('\n')
      drawn = false
    },
  }
}
