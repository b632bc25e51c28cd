import type { Writable } from 'node:stream'
import type { EnvironmentView } from '../../src-shared/environments'
import type { Channel, ChannelInput, ChannelOutput, Result } from '../../src-shared/ipc'
import type { Core } from '../core/create-core'
import { defaultDataDirectory } from '../core/storage/data-directory'
import { testHooks } from '../core/wiring/test-hooks'
import type { Translate } from '../core/i18n/message-translator'
import { quotes, type Language, type Said } from '../../src-shared/messages'
import { intendedValue, storedValue, type UpdateConflict } from '../../src-shared/service'
import { cliSaid } from '../../src-shared/messages/cli-messages'
import { hintFor } from './cli-hints'
import { envCredentials } from './env-credentials'
import { EXIT, exitCodeFor, type ExitCode } from './exit-codes'
import { networkOverride } from './network-override'

export interface CliIo {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown }
  stdout: Writable & { isTTY?: boolean }
  stderr: Writable & { isTTY?: boolean; columns?: number }
  env: NodeJS.ProcessEnv
}

/** A command that cannot go on: its message goes to stderr, its code is the process's. */
export class CliFailure extends Error {
  constructor(
    readonly exitCode: ExitCode,
    message: string | Said,
    readonly details: readonly (string | Said)[] = [],
  ) {
    super(typeof message === 'string' ? message : message.text)
    this.said = typeof message === 'string' ? undefined : message
  }

  /** The core's message, worded in the command line's language; undefined for its own words. */
  readonly said: Said | undefined
}

export interface GlobalOptions {
  env?: string
  credentialsFromEnv?: boolean
  confirm?: string
  /** For this command only (see command-kit.ts): how its calls leave, what they also trust. */
  proxy?: string
  caFile?: string
}

export interface CliContext {
  readonly io: CliIo
  readonly options: GlobalOptions
  /** The language of the environment (LANG...): what notes, errors and written files say. */
  readonly language: Language
  /** A message of the core in that language (see message-translator.ts). */
  readonly say: Translate
  /** The process's exit code once the command is done: 0 unless the command sets another. */
  exitCode: ExitCode
  /** A line of results, on stdout. */
  out(line: string): void
  /** A line for the person at the terminal (progress, notes), on stderr, written as given. */
  note(line: string): void
  /** A message for the person at the terminal, on stderr, in their language. */
  tell(message: Said): void
  /** A channel of the core, as the window calls it; a failure becomes a CliFailure. */
  call<C extends Channel>(channel: C, input?: ChannelInput<C>): Promise<ChannelOutput<C>>
  /** An environment named on the command line: by its name (any case) or its id. */
  environment(name: string): Promise<EnvironmentView>
  /** The core itself (bulk runs), started on first use with the command's environment. */
  core(): Promise<Core>
  dispose(): Promise<void>
}

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

export function createCliContext(
  io: CliIo,
  options: GlobalOptions,
  version: string,
  language: Language = 'en',
  say: Translate = (message) => message.text,
): CliContext {
  let started: Promise<Core> | undefined
  let namedEnvironment: string | undefined

  async function start(): Promise<Core> {
    // The variables are given for one environment: without its name, the command is incomplete.
    if (options.credentialsFromEnv && options.env === undefined)
      throw new CliFailure(EXIT.badInput, cliSaid('credentialsFromEnvNeedsEnv'))
    const network = networkOverride(options)
    if ('problem' in network) throw new CliFailure(EXIT.badInput, network.problem)
    const hooks = testHooks(io.env, false)
    // The core is loaded by the first command that needs it: `--help` and `jwt decode` do not.
    const { createCore } = await import('../core/create-core')
    const core = createCore({
      dataDirectory: hooks.dataDirectory ?? defaultDataDirectory(io.env),
      version,
      face: 'cli',
      ...(hooks.keychainService ? { keychainService: hooks.keychainService } : {}),
      ...(options.credentialsFromEnv
        ? { secretBackend: envCredentials(io.env, () => namedEnvironment) }
        : {}),
      ...(network.override ? { networkOverride: network.override } : {}),
    })
    if (options.env !== undefined) {
      namedEnvironment = (await findEnvironment(core, options.env)).id
      await core.pinEnvironment(namedEnvironment)
    }
    return core
  }

  async function callCore<C extends Channel>(core: Core, channel: C, input?: ChannelInput<C>) {
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
    const hint = await hintFor(error, {
      channel,
      token: tokenOf(input),
      environment: () => environmentNameOf(core, error.said),
      credentialsFromEnv: options.credentialsFromEnv === true,
    })
    throw new CliFailure(exitCodeFor(error), error.said, hint ? [...details, hint] : details)
  }

  /** The environment the command used, by name, for a hint; "NAME" when it cannot be read. */
  async function environmentNameOf(core: Core, message: Said): Promise<string> {
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

  async function findEnvironment(core: Core, name: string): Promise<EnvironmentView> {
    const { environments } = await callCore(core, 'environments:list')
    const wanted = name.trim().toLowerCase()
    const found =
      environments.find((e) => e.name.toLowerCase() === wanted) ??
      environments.find((e) => e.id === name)
    if (found) return found
    throw new CliFailure(EXIT.badInput, cliSaid('noSuchEnvironment', { name }), [
      cliSaid('knownEnvironments', { names: environments.map((e) => `"${e.name}"`).join(', ') }),
    ])
  }

  return {
    io,
    options,
    language,
    say,
    exitCode: EXIT.ok,
    out: (line) => void io.stdout.write(`${line}\n`),
    note: (line) => void io.stderr.write(`${line}\n`),
    tell: (message) => void io.stderr.write(`${say(message)}\n`),
    core: () => (started ??= start()),
    async environment(name) {
      return findEnvironment(await (started ??= start()), name)
    },
    async call(channel, input) {
      return callCore(await (started ??= start()), channel, input)
    },
    async dispose() {
      const core = await started?.catch(() => undefined)
      await core?.dispose()
    },
  }
}

export { EXIT }
