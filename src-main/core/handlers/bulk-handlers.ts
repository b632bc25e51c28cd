import type { BulkService } from '../bulk/bulk-service'
import type { Handlers } from '../dispatcher'

type BulkChannel = Extract<keyof Handlers, `bulk:${string}`>

export function bulkHandlers(bulk: BulkService): Pick<Handlers, BulkChannel> {
  return {
    'bulk:inspect': ({ path }) => bulk.inspect(path),
    'bulk:dryRun': (input) => bulk.dryRun(input),
    'bulk:rows': (input) => bulk.rows(input),
    'bulk:saveInvalid': (input) => bulk.saveInvalid(input),
    'bulk:start': (input) => bulk.start(input),
    'bulk:control': (input) => Promise.resolve(bulk.control(input)),
    'bulk:progress': ({ runId }) => Promise.resolve(bulk.progress(runId)),
    'bulk:current': () => Promise.resolve(bulk.current()),
    'bulk:saveResults': (input) => bulk.saveResults(input),
    'bulk:resumable': async () => ({ runs: await bulk.resumable() }),
    'bulk:resume': (input) => bulk.resume(input),
    'bulk:discard': async ({ runId }) => {
      await bulk.discard(runId)
      return { runId }
    },
  }
}
