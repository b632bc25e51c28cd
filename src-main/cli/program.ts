import { Command, CommanderError } from 'commander'
import { AppError } from '../core/errors/app-error'
import {
  CliFailure,
  createCliContext,
  EXIT,
  type CliContext,
  type CliIo,
  type GlobalOptions,
} from './cli-context'
import { messageTranslator, type Translate } from '../core/i18n/message-translator'
import { cliSaid } from '../../src-shared/messages/cli-messages'
import { cliLanguage } from './cli-language'
import { SAVES_NETWORK, withGlobalOptions, type Work } from './command-kit'
import { addCommandsFor } from './command-table'
import { exitCodeFor, type ExitCode } from './exit-codes'

const EXIT_CODES_HELP = `
Exit codes:
  0  done
  1  the service refused (not found, conflict, bad credentials, its own error), or rows failed
  2  bad input: arguments, a file, a value, or a production write without --confirm
  3  the service could not be reached (no connection, or its certificate refused), or did not answer in time
  4  the keychain cannot be used, or a credential is not set
  5  the outcome of a Create is unknown: look the token up before sending it again
  6  jwt verify: the token is not valid, or cannot be verified
  70 a defect of the console itself
  130 or 143 a bulk run cancelled with Ctrl+C (SIGINT) or SIGTERM
  141 the program reading the output went away (such as head -2): stopped there, quietly
A bulk run that stops by itself exits with the code of what stopped it.
Results go to standard output; errors, notes and progress to standard error.`

function report(io: CliIo, error: unknown, say: Translate): ExitCode {
  if (error instanceof CliFailure) {
    io.stderr.write(`error: ${error.said ? say(error.said) : error.message}\n`)
    for (const line of error.details)
      io.stderr.write(`  ${typeof line === 'string' ? line : say(line)}\n`)
    return error.exitCode
  }
  if (error instanceof AppError) {
    io.stderr.write(`error: ${say(error.said)}\n`)
    return exitCodeFor(error.toShape())
  }
  const cause = error instanceof Error ? error.message : String(error)
  io.stderr.write(`error: ${say(cliSaid('consoleFailed', { error: cause }))}\n`)
  return EXIT.internal
}

/** Runs one command line; resolves with the process's exit code. */
export async function runCli(
  argv: readonly string[],
  io: CliIo,
  version: string,
): Promise<ExitCode> {
  let context: CliContext | undefined
  // Errors and notes say the core's messages in the environment's language; results on stdout
  // never change (scripts read them), and the command line's own words stay English, like the
  // commands and options they describe.
  const language = cliLanguage(io.env)
  const say = await messageTranslator(language)
  function act<A extends unknown[]>(work: Work<A>) {
    // Commander passes the declared arguments, the options, then the command itself.
    return async (...args: unknown[]) => {
      const command = args.at(-1) as Command
      // The program reads --proxy and --ca-file wherever they are written: a command that saves
      // them gets them among its own options, and they change nothing else for it.
      const { proxy, caFile, ...options } = command.optsWithGlobals<GlobalOptions>()
      const network = {
        ...(proxy === undefined ? {} : { proxy }),
        ...(caFile === undefined ? {} : { caFile }),
      }
      if (SAVES_NETWORK.has(command)) Object.assign(args.at(-2) as object, network)
      context ??= createCliContext(
        io,
        SAVES_NETWORK.has(command) ? options : { ...options, ...network },
        version,
        language,
        say,
      )
      await work(context, ...(args.slice(0, -1) as A))
    }
  }

  const program = withGlobalOptions(new Command('integrator-console'))
    .description(
      'Integrator Console from a terminal: environments, users, session JWTs, bulk files and the local sandbox, through the same core as the window.',
    )
    .version(version)
    .showHelpAfterError('(add --help for usage)')
    .addHelpText('after', EXIT_CODES_HELP)
    .configureOutput({
      writeOut: (text) => void io.stdout.write(text),
      writeErr: (text) => void io.stderr.write(text),
    })
    .exitOverride()
  await addCommandsFor(argv, program, act)
  for (const command of program.commands) {
    command.exitOverride()
    for (const sub of command.commands) sub.exitOverride()
  }

  try {
    await program.parseAsync([...argv], { from: 'user' })
    return context?.exitCode ?? EXIT.ok
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT.ok : EXIT.badInput
    return report(io, error, say)
  } finally {
    await context?.dispose()
  }
}
