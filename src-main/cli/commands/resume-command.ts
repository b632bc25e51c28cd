import type { Command } from 'commander'
import { CONCURRENCY } from '../../../src-shared/bulk'
import { cliSaid } from '../../../src-shared/messages/cli-messages'
import type { CliContext } from '../cli-context'
import { wholeNumber, withGlobalOptions, type Act } from '../command-kit'
import { granted, savingResultsTo } from './bulk-commands'
import { sendRows } from './bulk-send'

/** The runs a cancel, a stop or a crash left unfinished, one line each, for a person or a script. */
async function listRuns(context: CliContext): Promise<void> {
  const { runs } = await context.call('bulk:resumable')
  if (runs.length === 0) {
    context.tell(cliSaid('noUnfinishedRun'))
    return
  }
  for (const run of runs)
    context.out(
      [
        run.runId,
        run.mode,
        `${run.done}/${run.total}`,
        run.environmentName,
        run.fileName,
        run.startedAt,
        ...(run.underWayElsewhere ? ['under way elsewhere'] : []),
      ].join('\t'),
    )
}

export function resumeCommand(program: Command, act: Act): void {
  withGlobalOptions(program.command('resume [run]'))
    .description(
      'go on with a bulk run a cancel, a stop or a crash left unfinished (the window and the command line share them); without RUN, list them',
    )
    .option('--file <file>', "the run's CSV file, where it has moved since the run started")
    .option(
      '--concurrency <n>',
      'calls in flight at once',
      wholeNumber('--concurrency', CONCURRENCY.min, CONCURRENCY.max),
      CONCURRENCY.default,
    )
    .option('--results <file>', 'save the results (row, token, outcome, status, message) as CSV')
    .action(
      act(
        async (
          context,
          runId: string | undefined,
          options: { file?: string; concurrency: number; results?: string },
        ) => {
          if (runId === undefined) return listRuns(context)
          const { file } = options
          await sendRows(
            context,
            async () =>
              context.call('bulk:resume', {
                runId,
                concurrency: options.concurrency,
                confirmEnvironment: context.options.confirm,
                ...(file === undefined
                  ? {}
                  : { file: await granted(context, file, 'open', 'csv') }),
              }),
            savingResultsTo(context, options.results),
          )
        },
      ),
    )
}
