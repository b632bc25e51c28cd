import type { BulkService } from '../bulk/bulk-service'
import type { Handlers } from '../dispatcher'
import type { FileGrants } from '../files/file-grants'

type BulkChannel = Extract<keyof Handlers, `bulk:${string}`>

/** The bulk channels: each file the page names is a grant, turned here into the file it stands for. */
export function bulkHandlers(bulk: BulkService, grants: FileGrants): Pick<Handlers, BulkChannel> {
  return {
    'bulk:inspect': ({ file }) => bulk.inspect(grants.toRead(file)),
    'bulk:dryRun': ({ file, ...input }) => bulk.dryRun({ ...input, path: grants.toRead(file) }),
    'bulk:rows': (input) => bulk.rows(input),
    'bulk:saveInvalid': ({ file, ...input }) =>
      bulk.saveInvalid({ ...input, ...grants.toWrite(file, 'csv') }),
    'bulk:start': ({ exportTo, ...input }) =>
      bulk.start({
        ...input,
        exportTo: exportTo && {
          ...grants.toWrite(exportTo.file, exportTo.format),
          format: exportTo.format,
        },
      }),
    'bulk:control': (input) => Promise.resolve(bulk.control(input)),
    'bulk:progress': ({ runId }) => Promise.resolve(bulk.progress(runId)),
    'bulk:current': () => Promise.resolve(bulk.current()),
    'bulk:saveResults': ({ file, ...input }) =>
      bulk.saveResults({ ...input, ...grants.toWrite(file, 'csv') }),
    'bulk:results': (input) => bulk.results(input),
    'bulk:rerun': (input) => bulk.rerun(input),
    'bulk:resumable': async () => ({ runs: await bulk.resumable() }),
    'bulk:resume': ({ file, ...input }) =>
      bulk.resume({ ...input, path: file === undefined ? undefined : grants.toRead(file) }),
    'bulk:discard': async ({ runId }) => {
      await bulk.discard(runId)
      return { runId }
    },
  }
}
