import type { Command } from 'commander'
import type * as z from 'zod'
import {
  createUserAsWrittenSchema,
  updateUserAsWrittenSchema,
  USER_STATUSES,
  userRecordSchema,
  wholeUpdate,
  type CreateUserRequest,
  type UserRecord,
  type UserStatus,
} from '../../../src-shared/service'
import type { Said } from '../../../src-shared/messages'
import { cliSaid } from '../../../src-shared/messages/cli-messages'
import { issueSaid } from '../../core/errors/app-error'
import { CliFailure, EXIT, type CliContext } from '../cli-context'
import { withGlobalOptions, type Act } from '../command-kit'
import { readJsonArgument } from '../read-input'

/**
 * What `users update` reads: only the fields to change, each read as the edit form reads it; the
 * rest is taken from the record the changes are made over, so no field is lost by omission.
 */
const changesAsWrittenSchema = updateUserAsWrittenSchema.partial({ status: true })

/** The status the service holds, when it is one an Update can send back. */
function heldStatus(record: UserRecord): UserStatus | null {
  const held = USER_STATUSES.find((status) => status === record.status)
  return held ?? null
}

/** Each problem of a JSON value, named by its field (the service's name). */
function issueLines(context: CliContext, issues: readonly z.core.$ZodIssue[]): Said[] {
  return issues.map((issue) =>
    cliSaid('fieldProblem', {
      field: issue.path.join('.') || context.say(cliSaid('theWholeJson')),
      message: issueSaid(issue.message),
    }),
  )
}

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
  const parsed = schema.safeParse(await readJsonArgument(context.io, source, 'inputUserJson'))
  if (parsed.success) return parsed.data
  throw new CliFailure(
    EXIT.badInput,
    cliSaid('userInvalid'),
    issueLines(context, parsed.error.issues),
  )
}

function checkedUser(context: CliContext, given: unknown): CreateUserRequest {
  const parsed = createUserAsWrittenSchema.safeParse(given)
  if (parsed.success) return parsed.data
  throw new CliFailure(
    EXIT.badInput,
    cliSaid('userInvalid'),
    issueLines(context, parsed.error.issues),
  )
}

/** Each user of an array checked; every problem named by the user's place and its field. */
function checkedUsers(context: CliContext, given: readonly unknown[]): CreateUserRequest[] {
  const users: CreateUserRequest[] = []
  const problems: Said[] = []
  given.forEach((entry, index) => {
    const parsed = createUserAsWrittenSchema.safeParse(entry)
    if (parsed.success) users.push(parsed.data)
    else
      for (const problem of issueLines(context, parsed.error.issues))
        problems.push(cliSaid('userNumbered', { number: index + 1, problem }))
  })
  if (problems.length === 0) return users
  throw new CliFailure(EXIT.badInput, cliSaid('usersInvalid'), problems)
}

async function createOne(context: CliContext, user: CreateUserRequest): Promise<UserRecord> {
  const written = await context.call('users:create', {
    user,
    confirmEnvironment: context.options.confirm,
  })
  if (written.note) context.tell(cliSaid('note', { message: written.note }))
  return written.record
}

/** A failure part way through an array, told with how many were created before it. */
function withCreatedBefore(error: unknown, created: number, total: number): unknown {
  if (!(error instanceof CliFailure) || created === 0) return error
  const where = cliSaid('usersCreatedBefore', { number: created + 1, total })
  return new CliFailure(error.exitCode, error.said ?? error.message, [...error.details, where])
}

async function baseFrom(context: CliContext, source: string, token: string): Promise<UserRecord> {
  const parsed = userRecordSchema.safeParse(
    await readJsonArgument(context.io, source, 'inputBaseRecord'),
  )
  if (!parsed.success)
    throw new CliFailure(
      EXIT.badInput,
      cliSaid('baseNotARecord'),
      issueLines(context, parsed.error.issues),
    )
  if (parsed.data.token !== token)
    throw new CliFailure(
      EXIT.badInput,
      cliSaid('baseOfAnotherUser', { base: parsed.data.token, token }),
    )
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
    .description(
      'create a user, or an array of users in order, from JSON (the service field names); prints the stored records',
    )
    .requiredOption(
      '--json <file>',
      'the user (or an array of users) as JSON: a file, or - for standard input',
    )
    .action(
      act(async (context, options: { json: string }) => {
        const given = await readJsonArgument(context.io, options.json, 'inputUserJson')
        if (!Array.isArray(given)) {
          const written = await createOne(context, checkedUser(context, given))
          context.out(JSON.stringify(written, null, 2))
          return
        }
        // Every user checked before the first is sent: a bad one found late sends nothing.
        const users = checkedUsers(context, given)
        const created: UserRecord[] = []
        for (const user of users) {
          try {
            created.push(await createOne(context, user))
          } catch (error) {
            if (created.length > 0) context.out(JSON.stringify(created, null, 2))
            throw withCreatedBefore(error, created.length, users.length)
          }
        }
        context.out(JSON.stringify(created, null, 2))
      }),
    )

  withGlobalOptions(users.command('update <token>'))
    .description(
      'update a user from JSON: only the fields to change (the others stay as the service holds them); prints the stored record',
    )
    .requiredOption(
      '--json <file>',
      'the fields to change as JSON (null clears one): a file, or - for standard input',
    )
    .option(
      '--base <file>',
      'the record the changes were made over, as `users get` printed it: nothing is sent if the service holds something else now (default: the record read just before)',
    )
    .action(
      act(async (context, token: string, options: { json: string; base?: string }) => {
        const changes = await userFrom(context, options.json, changesAsWrittenSchema)
        const base =
          options.base === undefined
            ? await context.call('users:retrieve', { token })
            : await baseFrom(context, options.base, token)
        // The service's Update needs a status: the one held, unless the changes give another.
        const status = changes.status ?? heldStatus(base)
        if (status === null)
          throw new CliFailure(EXIT.badInput, cliSaid('updateNeedsStatus', { token }))
        // The changes over the base, as the edit form sends them; core checks the base still holds.
        const written = await context.call('users:update', {
          token,
          changes: wholeUpdate(base, { ...changes, status }),
          base,
          confirmEnvironment: context.options.confirm,
        })
        if (written.note) context.tell(cliSaid('note', { message: written.note }))
        context.out(JSON.stringify(written.record, null, 2))
      }),
    )
}
