import type { Command } from 'commander'
import type * as z from 'zod'
import {
  createUserAsWrittenSchema,
  updateUserAsWrittenSchema,
  userRecordSchema,
  wholeUpdate,
  type UserRecord,
} from '../../../src-shared/service'
import { issueSaid } from '../../core/app-error'
import { CliFailure, EXIT, type CliContext } from '../cli-context'
import { withGlobalOptions, type Act } from '../command-kit'
import { readJsonArgument } from '../read-input'

/**
 * The user as a file gives it, read as the console's forms read what people type (a DNI with
 * dots and dashes, a phone with +34) and checked with the same shared schema; every problem is
 * named by its field.
 */
async function userFrom<S extends z.ZodType>(
  context: CliContext,
  source: string,
  schema: S,
): Promise<z.output<S>> {
  const parsed = schema.safeParse(await readJsonArgument(context.io, source, 'user JSON'))
  if (parsed.success) return parsed.data
  throw new CliFailure(
    EXIT.badInput,
    'The user is not valid; nothing was sent.',
    parsed.error.issues.map(
      (issue) =>
        `${issue.path.join('.') || '(the JSON)'}: ${context.say(issueSaid(issue.message))}`,
    ),
  )
}

async function baseFrom(context: CliContext, source: string, token: string): Promise<UserRecord> {
  const parsed = userRecordSchema.safeParse(
    await readJsonArgument(context.io, source, 'base record'),
  )
  if (!parsed.success) {
    throw new CliFailure(
      EXIT.badInput,
      'The base record is not a user record (give what `users get` printed); nothing was sent.',
      parsed.error.issues.map(
        (issue) =>
          `${issue.path.join('.') || '(the JSON)'}: ${context.say(issueSaid(issue.message))}`,
      ),
    )
  }
  if (parsed.data.token !== token) {
    throw new CliFailure(
      EXIT.badInput,
      `The base record is of the user "${parsed.data.token}", not "${token}"; nothing was sent.`,
    )
  }
  return parsed.data
}

export function usersCommands(program: Command, act: Act): void {
  const users = program.command('users').description('one user: look up, create, update')

  withGlobalOptions(users.command('get <token>'))
    .description('retrieve a user by token; prints the record as JSON')
    .action(
      act(async (context, token: string) => {
        context.out(JSON.stringify(await context.call('users:retrieve', { token }), null, 2))
      }),
    )

  withGlobalOptions(users.command('create'))
    .description('create a user from JSON (the service field names); prints the stored record')
    .requiredOption('--json <file>', 'the user as JSON: a file, or - for standard input')
    .action(
      act(async (context, options: { json: string }) => {
        const user = await userFrom(context, options.json, createUserAsWrittenSchema)
        const written = await context.call('users:create', {
          user,
          confirmEnvironment: context.options.confirm,
        })
        if (written.note) context.note(`note: ${context.say(written.note)}`)
        context.out(JSON.stringify(written.record, null, 2))
      }),
    )

  withGlobalOptions(users.command('update <token>'))
    .description('update a user from JSON (only the fields to change); prints the stored record')
    .requiredOption('--json <file>', 'the changes as JSON: a file, or - for standard input')
    .option(
      '--base <file>',
      'the record the changes were made over, as `users get` printed it: nothing is sent if the service holds something else now (default: the record read just before)',
    )
    .action(
      act(async (context, token: string, options: { json: string; base?: string }) => {
        const changes = await userFrom(context, options.json, updateUserAsWrittenSchema)
        const base =
          options.base === undefined
            ? await context.call('users:retrieve', { token })
            : await baseFrom(context, options.base, token)
        // The changes over the base, as the edit form sends them; core checks the base still holds.
        const written = await context.call('users:update', {
          token,
          changes: wholeUpdate(base, changes),
          base,
          confirmEnvironment: context.options.confirm,
        })
        if (written.note) context.note(`note: ${context.say(written.note)}`)
        context.out(JSON.stringify(written.record, null, 2))
      }),
    )
}
