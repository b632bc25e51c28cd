import type { Channel, ChannelInput, ChannelOutput, Result } from '../../src-shared/ipc'
import { quotes, type Said } from '../../src-shared/messages'
import { cliSaid } from '../../src-shared/messages/cli-messages'
import { intendedValue, storedValue, type UpdateConflict } from '../../src-shared/service'
import type { Core } from '../core/create-core'
import type { Translate } from '../core/i18n/message-translator'
import { CliFailure, type GlobalOptions } from './cli-io'
import { exitCodeFor } from './exit-codes'

/** A refused guarded Update, field by field: what was read, what the service holds, what was meant. */
function conflictLines(conflict: UpdateConflict): Said[] {
  const shown = (value: unknown) => JSON.stringify(value ?? null)
  return conflict.changedElsewhere.map((field) =>
    cliSaid('conflictField', {
      field,
      read: shown(storedValue(conflict.base, field)),
      now: shown(storedValue(conflict.current, field)),
      yours: shown(intendedValue(conflict.yours, field)),
    }),
  )
}

/** The token a channel's input names, for a hint that is a command to type. */
function tokenOf(input: unknown): string | undefined {
  if (typeof input !== 'object' || input === null) return undefined
  const { token, user } = input as { token?: unknown; user?: { token?: unknown } }
  const named = token ?? user?.token
  return typeof named === 'string' ? named : undefined
}

/** The environment the command used, by name, for a hint; "NAME" when it cannot be read. */
async function environmentNameOf(
  core: Core,
  message: Said,
  options: GlobalOptions,
): Promise<string> {
  const named = message.values.environment
  if (typeof named === 'string') return named
  if (options.env !== undefined) return options.env
  const result = (await core.dispatch('environments:list', undefined)) as Result<
    ChannelOutput<'environments:list'>
  >
  if (!result.ok) return 'NAME'
  const { environments, activeId } = result.data
  return environments.find((e) => e.id === activeId)?.name ?? 'NAME'
}

/**
 * A channel of the core, as the window calls it. A failure becomes a CliFailure that says each
 * field's problem, a refused Update's fields, and the command to type next.
 */
export async function callCore<C extends Channel>(
  core: Core,
  channel: C,
  input: ChannelInput<C> | undefined,
  options: GlobalOptions,
  say: Translate,
): Promise<ChannelOutput<C>> {
  const result = (await core.dispatch(channel, input)) as Result<ChannelOutput<C>>
  if (result.ok) return result.data
  const { error } = result
  // Each thing once: a field's message the error's own message already says is not repeated.
  const details: (string | Said)[] = Object.entries(error.fieldErrors ?? {}).flatMap(
    ([field, messages]) =>
      messages
        .filter((message) => !quotes(error.said, message))
        .map((message) => `${field}: ${say(message)}`),
  )
  if (error.conflict) details.push(...conflictLines(error.conflict))
  // The hints' table is read only when a call fails.
  const { hintFor } = await import('./cli-hints')
  const hint = await hintFor(error, {
    channel,
    token: tokenOf(input),
    environment: () => environmentNameOf(core, error.said, options),
    credentialsFromEnv: options.credentialsFromEnv === true,
  })
  throw new CliFailure(exitCodeFor(error), error.said, hint ? [...details, hint] : details)
}
