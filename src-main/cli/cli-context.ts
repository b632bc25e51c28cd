import type { Writable } from 'node:stream'
import type { EnvironmentView } from '../../src-shared/environments'
import type { Channel, ChannelInput, ChannelOutput, Result } from '../../src-shared/ipc'
import type { Core } from '../core/create-core'
import { defaultDataDirectory } from '../core/data-directory'
import { testHooks } from '../window-security'
import type { Translate } from '../core/message-translator'
import { quotes, type Language, type Said } from '../../src-shared/messages'
import { intendedValue, storedValue, type UpdateConflict } from '../../src-shared/service'
import { CREDENTIAL_VARIABLES, envCredentials } from './env-credentials'
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
    readonly details: readonly string[] = [],
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
  /** A channel of the core, as the window calls it; a failure becomes a CliFailure. */
  call<C extends Channel>(channel: C, input?: ChannelInput<C>): Promise<ChannelOutput<C>>
  /** An environment named on the command line: by its name (any case) or its id. */
  environment(name: string): Promise<EnvironmentView>
  /** The core itself (bulk runs), started on first use with the command's environment. */
  core(): Promise<Core>
  dispose(): Promise<void>
}

const HINTS: Partial<Record<string, (options: GlobalOptions) => string | null>> = {
  CONFLICT: () =>
    'Read the user again (users get), make the change over what it shows, and update again.',
  CONFIRMATION_REQUIRED: () =>
    'This is a production environment: repeat the command with --confirm "<its name>".',
  SECRET_MISSING: (options) =>
    options.credentialsFromEnv
      ? `With --credentials-from-env the secrets come from ${Object.values(CREDENTIAL_VARIABLES).join(', ')}, for the environment named with --env only.`
      : 'Set it in the console (Environments), or pass --credentials-from-env on a machine without a keychain.',
  KEYCHAIN_UNAVAILABLE: (options) =>
    options.credentialsFromEnv
      ? null
      : `Where no keychain exists (a CI container), pass --credentials-from-env and set ${Object.values(CREDENTIAL_VARIABLES).join(', ')}.`,
}

/** A refused guarded Update, field by field: what was read, what the service holds, what was meant. */
function conflictLines(conflict: UpdateConflict): string[] {
  const shown = (value: unknown) => JSON.stringify(value ?? null)
  return conflict.changedElsewhere.map(
    (field) =>
      `${field}: ${shown(storedValue(conflict.base, field))} when read, ${shown(storedValue(conflict.current, field))} on the service now, yours ${shown(intendedValue(conflict.yours, field))}`,
  )
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
      throw new CliFailure(
        EXIT.badInput,
        '--credentials-from-env needs --env NAME: the environment the INTEGRATOR_* variables are for.',
      )
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
    const details = Object.entries(error.fieldErrors ?? {}).flatMap(([field, messages]) =>
      messages
        .filter((message) => !quotes(error.said, message))
        .map((message) => `${field}: ${say(message)}`),
    )
    if (error.conflict) details.push(...conflictLines(error.conflict))
    const hint = HINTS[error.code]?.(options)
    throw new CliFailure(exitCodeFor(error), error.said, hint ? [...details, hint] : details)
  }

  async function findEnvironment(core: Core, name: string): Promise<EnvironmentView> {
    const { environments } = await callCore(core, 'environments:list')
    const wanted = name.trim().toLowerCase()
    const found =
      environments.find((e) => e.name.toLowerCase() === wanted) ??
      environments.find((e) => e.id === name)
    if (found) return found
    throw new CliFailure(EXIT.badInput, `There is no environment named "${name}".`, [
      `Known: ${environments.map((e) => `"${e.name}"`).join(', ')} (see: integrator-console env list)`,
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
