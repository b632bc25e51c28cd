import type { Command } from 'commander'
import { cliSaid } from '../../../src-shared/messages/cli-messages'
import { CliFailure, EXIT } from '../cli-context'
import type { Act } from '../command-kit'

const SANDBOX_SECRETS = ['SANDBOX_API_KEY', 'SANDBOX_SECRET_KEY', 'SANDBOX_USER_TOKEN_SECRET']

export function sandboxCommand(program: Command, act: Act): void {
  program
    .command('sandbox')
    .description(
      'start the local service, as `npm run sandbox` does (SANDBOX_PORT, SANDBOX_DB, SANDBOX_SEED ... : see docs/service-api.md, in the integrator-console package or repository)',
    )
    .option(
      '--json',
      'say only one JSON line once it listens ({"ready":true,"url":…}), for a tool that starts it',
    )
    .action(
      act(async (context, options: { json?: boolean }) => {
        const unset = SANDBOX_SECRETS.filter((name) => !context.io.env[name])
        if (unset.length > 0)
          throw new CliFailure(
            EXIT.badInput,
            cliSaid('sandboxSecretsUnset', { names: unset.join(', ') }),
            [cliSaid('sandboxSecretsHint')],
          )
        // Loaded here only: no other command starts a server or opens SQLite.
        const { serveFromEnv, stoppedBySignal } = await import('../../../src-sandbox/serve')
        const write = (text: string) => void context.io.stdout.write(text)
        let sandbox
        try {
          sandbox = await serveFromEnv(context.io.env, write, options.json ? 'json' : 'text')
        } catch (error) {
          throw new CliFailure(
            EXIT.badInput,
            error instanceof Error ? error.message : String(error),
          )
        }
        // Runs until Ctrl+C or SIGTERM, and then ends as done once the sandbox has closed.
        await stoppedBySignal(sandbox, write, options.json ? 'json' : 'text')
      }),
    )
}
