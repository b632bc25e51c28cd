import type { Command } from 'commander'
import { serveFromEnv, stopOnSignals } from '../../../src-sandbox/serve'
import { CliFailure, EXIT } from '../cli-context'
import type { Act } from '../command-kit'

export function sandboxCommand(program: Command, act: Act): void {
  program
    .command('sandbox')
    .description(
      'start the local service, as `npm run sandbox` does (SANDBOX_PORT, SANDBOX_DB, SANDBOX_SEED ... : see the README)',
    )
    .action(
      act(async (context) => {
        const write = (text: string) => void context.io.stdout.write(text)
        let sandbox
        try {
          sandbox = await serveFromEnv(context.io.env, write)
        } catch (error) {
          throw new CliFailure(
            EXIT.badInput,
            error instanceof Error ? error.message : String(error),
          )
        }
        stopOnSignals(sandbox, write)
        // Runs until a signal stops it: the command never settles on its own.
        await new Promise<never>(() => undefined)
      }),
    )
}
