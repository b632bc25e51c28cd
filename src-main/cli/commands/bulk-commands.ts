import { resolve } from 'node:path'
import { InvalidArgumentError, type Command } from 'commander'
import {
  BULK_FIELDS,
  CONCURRENCY,
  type BulkField,
  type BulkMode,
  type ColumnMapping,
} from '../../../src-shared/bulk'
import { cliSaid } from '../../../src-shared/messages/cli-messages'
import { USER_STATUSES, type UserStatus } from '../../../src-shared/service'
import { CliFailure, EXIT, type CliContext } from '../cli-context'
import { wholeNumber, withGlobalOptions, type Act } from '../command-kit'
import { describePlan, showInvalid } from './bulk-plan-notes'
import { sendRows } from './bulk-send'

interface RunOptions {
  map: string[]
  concurrency: number
  dryRun?: boolean
  skipInvalid?: boolean
  invalidTo?: string
  results?: string
}

const collect = (value: string, previous: string[]) => [...previous, value]

function withRunOptions(command: Command): Command {
  return withGlobalOptions(command)
    .option(
      '--map <column=field>',
      `read a column as this field (${BULK_FIELDS.join(', ')}), or "column=-" to ignore it; repeatable`,
      collect,
      [],
    )
    .option(
      '--concurrency <n>',
      'calls in flight at once',
      wholeNumber('--concurrency', CONCURRENCY.min, CONCURRENCY.max),
      CONCURRENCY.default,
    )
    .option('--dry-run', 'check every row and stop: nothing is sent')
    .option('--skip-invalid', 'send the valid rows even when some rows are invalid')
    .option('--invalid-to <file>', 'save the invalid rows as CSV with an error column')
    .option('--results <file>', 'save the results (row, token, outcome, status, message) as CSV')
}

/** The suggested mapping of the file's headers, with the --map choices over it. */
function mappingWith(headers: readonly string[], suggested: ColumnMapping, choices: string[]) {
  const mapping = [...suggested]
  for (const choice of choices) {
    const at = choice.lastIndexOf('=')
    const column = choice.slice(0, at).trim()
    const field = choice.slice(at + 1).trim()
    const index = headers.findIndex((h) => h.trim().toLowerCase() === column.toLowerCase())
    if (at < 0 || index < 0)
      throw new CliFailure(EXIT.badInput, cliSaid('mapNoColumn', { choice, column }), [
        cliSaid('mapColumns', { columns: headers.map((h) => `"${h}"`).join(', ') }),
      ])
    if (field !== '-' && !(BULK_FIELDS as readonly string[]).includes(field))
      throw new CliFailure(EXIT.badInput, cliSaid('mapNoField', { choice, field }), [
        cliSaid('mapFields', { fields: BULK_FIELDS.join(', ') }),
      ])
    const taken = field === '-' ? -1 : mapping.indexOf(field as BulkField)
    if (taken >= 0) mapping[taken] = null
    mapping[index] = field === '-' ? null : (field as BulkField)
  }
  return mapping
}

/** A path typed on the command line, granted for one use (its checks are the core's). */
export async function granted(
  context: CliContext,
  path: string,
  purpose: 'open' | 'save',
  format: 'csv' | 'json',
): Promise<string> {
  return (await context.call('files:typed', { purpose, format, path: resolve(path) })).handle
}

/**
 * The whole bulk flow as the Bulk screen runs it: read and map the file, check every row (the
 * dry run), then send the valid ones with progress, and say what happened to each.
 */
async function runFile(
  context: CliContext,
  path: string,
  mode: BulkMode,
  options: RunOptions,
  extra: { status?: UserStatus; exportTo?: { path: string; format: 'csv' | 'json' } } = {},
): Promise<void> {
  const file = await granted(context, path, 'open', 'csv')
  const inspected = await context.call('bulk:inspect', { file })
  const mapping = mappingWith(inspected.headers, inspected.suggested[mode], options.map)
  const plan = await context.call('bulk:dryRun', {
    file,
    mode,
    mapping,
    ...(extra.status === undefined ? {} : { status: extra.status }),
  })
  describePlan(context, plan, inspected.headers, mapping)
  if (options.invalidTo !== undefined && plan.invalid > 0) {
    const saved = await context.call('bulk:saveInvalid', {
      planId: plan.planId,
      file: await granted(context, options.invalidTo, 'save', 'csv'),
      language: context.language,
    })
    // The page is told a file's name; this is the user's own terminal, and the path theirs.
    context.tell(
      cliSaid('savedInvalidRows', { count: saved.rows, path: resolve(options.invalidTo) }),
    )
  }
  if (plan.invalid > 0) await showInvalid(context, plan)
  if (options.dryRun) {
    context.exitCode = plan.invalid > 0 ? EXIT.badInput : EXIT.ok
    return
  }
  if (plan.invalid > 0 && !options.skipInvalid)
    throw new CliFailure(EXIT.badInput, cliSaid('rowsInvalid', { count: plan.invalid }), [
      cliSaid('rowsInvalidHint'),
    ])
  if (plan.valid === 0) throw new CliFailure(EXIT.badInput, cliSaid('noValidRow'))

  const { exportTo } = extra
  await sendRows(
    context,
    async () =>
      context.call('bulk:start', {
        planId: plan.planId,
        concurrency: options.concurrency,
        confirmEnvironment: context.options.confirm,
        ...(exportTo
          ? {
              exportTo: {
                file: await granted(context, exportTo.path, 'save', exportTo.format),
                format: exportTo.format,
              },
            }
          : {}),
      }),
    savingResultsTo(context, options.results),
  )
}

/** Saves a run's results where --results says, once it has ended; null without --results. */
export function savingResultsTo(
  context: CliContext,
  path: string | undefined,
): ((runId: string) => Promise<void>) | null {
  if (path === undefined) return null
  return async (runId) => {
    const saved = await context.call('bulk:saveResults', {
      runId,
      file: await granted(context, path, 'save', 'csv'),
      language: context.language,
    })
    context.tell(cliSaid('savedResults', { count: saved.rows, path: resolve(path) }))
  }
}

export function bulkCommands(program: Command, act: Act): void {
  withRunOptions(program.command('import <file>'))
    .description('create or update the users of a CSV file, after checking every row')
    .option('--mode <mode>', 'create, createOrUpdate or update', 'create')
    .action(
      act(async (context, file: string, options: RunOptions & { mode: string }) => {
        if (!['create', 'createOrUpdate', 'update'].includes(options.mode))
          throw new CliFailure(EXIT.badInput, cliSaid('modeInvalid'))
        await runFile(context, file, options.mode as BulkMode, options)
      }),
    )

  withRunOptions(program.command('set-status <file>'))
    .description('give every token of a CSV file one status (e.g. 3, No Access, at a contract end)')
    .requiredOption(
      '--status <status>',
      `the status to set: ${USER_STATUSES.join(', ')}`,
      (value) => {
        const status = Number(value)
        if (!(USER_STATUSES as readonly number[]).includes(status))
          throw new InvalidArgumentError(`--status must be one of ${USER_STATUSES.join(', ')}.`)
        return status as UserStatus
      },
    )
    .action(
      act(async (context, file: string, options: RunOptions & { status: UserStatus }) =>
        runFile(context, file, 'setStatus', options, { status: options.status }),
      ),
    )

  withRunOptions(program.command('export <file>'))
    .description('retrieve every token of a CSV file and write the users to --out (CSV or JSON)')
    .requiredOption('--out <file>', 'where the records go (personal data: only where you say)')
    .option('--out-format <format>', 'csv or json', 'csv')
    .action(
      act(
        async (context, file: string, options: RunOptions & { out: string; outFormat: string }) => {
          if (options.outFormat !== 'csv' && options.outFormat !== 'json')
            throw new CliFailure(EXIT.badInput, cliSaid('outFormatInvalid'))
          await runFile(context, file, 'export', options, {
            exportTo: { path: options.out, format: options.outFormat },
          })
        },
      ),
    )
}
