import type { Command } from 'commander'
import { CliFailure, EXIT } from '../cli-context'
import { withGlobalOptions, type Act } from '../command-kit'

/** `env test NAME`: the connection test, step by step. */
export function envTestCommand(env: Command, act: Act): void {
  withGlobalOptions(env.command('test <name>'))
    .description("test the environment's URL and credentials with one harmless call")
    .action(
      act(async (context, name: string) => {
        const chosen = await context.environment(name)
        const test = await context.call('environments:testConnection', { id: chosen.id })
        const line = `${test.outcome}: ${context.say(test.said)} (${Math.round(test.durationMs)} ms)`
        if (test.outcome === 'ok') {
          context.out(line)
          return
        }
        throw new CliFailure(test.outcome === 'unreachable' ? EXIT.unreachable : EXIT.refused, line)
      }),
    )
}
