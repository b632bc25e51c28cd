import { basename } from 'node:path'
import type { ListedResult, ResumableRun, SavedFile } from '../../../src-shared/bulk'
import { SOURCE_LANGUAGE, type Language } from '../../../src-shared/messages'
import type { WriteTarget } from '../files/whole-file'
import { messageTranslator } from '../i18n/message-translator'
import type { CoreContext } from '../wiring/core-context'
import { spreadsheetSafe, writeCsvFile } from './csv-output'
import { isClaimed, unfinishedRuns } from './ledger'
import { listedResults, saidErrors, type HeldRun } from './run-results'

/** A run's results as a CSV file, each message in the language asked for. */
export async function saveRunResults(
  held: HeldRun,
  target: WriteTarget & { language?: Language | undefined },
): Promise<SavedFile> {
  const say = await messageTranslator(target.language ?? SOURCE_LANGUAGE)
  const said = (result: ListedResult) =>
    result.errors !== null ? saidErrors(result.errors, say) : result.said ? say(result.said) : ''
  const lines = [
    ['row', 'token', 'outcome', 'status', 'message'],
    ...(await listedResults(held)).map((result) => [
      String(result.row),
      spreadsheetSafe(result.token),
      result.outcome,
      result.status === null ? '' : String(result.status),
      spreadsheetSafe(said(result)),
    ]),
  ]
  const rows = await writeCsvFile(target, lines)
  return { name: basename(target.path), rows }
}

/** The runs whose ledgers are unfinished and that this core does not hold going (or cancelled). */
export async function resumableRuns(
  context: CoreContext,
  dataDirectory: string,
  runs: ReadonlyMap<string, HeldRun>,
): Promise<ResumableRun[]> {
  const stopped = (await unfinishedRuns(dataDirectory)).filter(
    (state) =>
      !runs.has(state.header.runId) ||
      runs.get(state.header.runId)?.run.progress().state === 'cancelled',
  )
  return Promise.all(
    stopped.map(async ({ header, done }) => ({
      runId: header.runId,
      mode: header.mode,
      fileName: header.fileName,
      environmentId: header.environmentId,
      environmentName: header.environmentName,
      environmentKind: await context.environments
        .profile(header.environmentId)
        .then((profile) => profile.kind)
        .catch(() => null),
      startedAt: header.startedAt,
      done: done.size,
      total: header.total,
      underWayElsewhere: await isClaimed(dataDirectory, header.runId),
    })),
  )
}
