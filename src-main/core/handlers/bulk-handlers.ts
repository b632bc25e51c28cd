import type { BulkService } from '../bulk/bulk-service'
import type { Handlers } from '../wiring/dispatcher'
import type { FileGrants } from '../files/file-grants'

type BulkChannel = Extract<keyof Handlers, `bulk:${string}`>

/** The bulk channels: each file the page names is a grant, turned here into the file it stands for. */
export function bulkHandlers(bulk: BulkService, grants: FileGrants): Pick<Handlers, BulkChannel> {
  return {
    'bulk:inspect': async ({ file }) => bulk.inspect(await grants.toRead(file)),
    'bulk:dryRun': async ({ file, ...input }) =>
      bulk.dryRun({ ...input, path: await grants.toRead(file) }),
    'bulk:rows': (input) => bulk.rows(input),
    'bulk:saveInvalid': async ({ file, ...input }) =>
      bulk.saveInvalid({ ...input, ...(await grants.toWrite(file, 'csv')) }),
    'bulk:start': async ({ exportTo, ...input }) =>
      bulk.start({
        ...input,
        exportTo: exportTo && {
          ...(await grants.toWrite(exportTo.file, exportTo.format)),
          format: exportTo.format,
        },
      }),
    'bulk:control': (input) => Promise.resolve(bulk.control(input)),
    'bulk:progress': ({ runId }) => Promise.resolve(bulk.progress(runId)),
    'bulk:current': () => Promise.resolve(bulk.current()),
    'bulk:saveResults': async ({ file, ...input }) =>
      bulk.saveResults({ ...input, ...(await grants.toWrite(file, 'csv')) }),
    'bulk:results': (input) => bulk.results(input),
    'bulk:rerun': (input) => bulk.rerun(input),
    'bulk:resumable': async () => ({ runs: await bulk.resumable() }),
    'bulk:resume': async ({ file, ...input }) =>
      bulk.resume({ ...input, path: file === undefined ? undefined : await grants.toRead(file) }),
    'bulk:discard': async ({ runId }) => {
      await bulk.discard(runId)
      return { runId }
    },
  }
}
