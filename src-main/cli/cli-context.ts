import type { EnvironmentView } from '../../src-shared/environments'
import type { Channel, ChannelInput, ChannelOutput } from '../../src-shared/ipc'
import type { Language, Said } from '../../src-shared/messages'
import type { Core } from '../core/create-core'
import type { Translate } from '../core/i18n/message-translator'
import type { CliIo, GlobalOptions } from './cli-io'
import { EXIT, type ExitCode } from './exit-codes'

export { CliFailure, type CliIo, type GlobalOptions } from './cli-io'

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

export function createCliContext(
  io: CliIo,
  options: GlobalOptions,
  version: string,
  language: Language = 'en',
  say: Translate = (message) => message.text,
): CliContext {
  let started: Promise<Core> | undefined
  // Started on first use: `--help` and `jwt decode` never load the core.
  const core = () =>
    (started ??= import('./start-core').then(({ startCore }) =>
      startCore(io, options, version, say),
    ))
  return {
    io,
    options,
    language,
    say,
    exitCode: EXIT.ok,
    out: (line) => void io.stdout.write(`${line}\n`),
    note: (line) => void io.stderr.write(`${line}\n`),
    tell: (message) => void io.stderr.write(`${say(message)}\n`),
    core,
    async environment(name) {
      const [{ findEnvironment }, running] = await Promise.all([import('./start-core'), core()])
      return findEnvironment(running, name, options, say)
    },
    async call(channel, input) {
      const [{ callCore }, running] = await Promise.all([import('./call-core'), core()])
      return callCore(running, channel, input, options, say)
    },
    async dispose() {
      const running = await started?.catch(() => undefined)
      await running?.dispose()
    },
  }
}

export { EXIT }
