import type { Command } from 'commander'
import {
  DIAGNOSIS_STEPS,
  type ConnectionTest,
  type DiagnosisStep,
  type TlsFinding,
} from '../../../src-shared/ipc'
import type { Said } from '../../../src-shared/messages'
import { CliFailure, EXIT } from '../cli-context'
import type { ExitCode } from '../exit-codes'
import { formatOption, withGlobalOptions, type Act } from '../command-kit'

const MARKS: Readonly<Record<DiagnosisStep['outcome'], string>> = {
  passed: 'passed ',
  failed: 'FAILED ',
  skipped: 'skipped',
}
const NAME_WIDTH = Math.max(...DIAGNOSIS_STEPS.map((name) => name.length))
const INDENT = ' '.repeat(MARKS.passed.length + NAME_WIDTH + 4)

/** The certificates the service presented, under its step: who, signed by whom, until when. */
function chainLines(tls: TlsFinding): string[] {
  return tls.chain.map(
    (certificate, index) =>
      `${INDENT}${index === 0 ? 'certificate' : 'issued by  '} ${certificate.subject}` +
      ` (issuer ${certificate.issuer}; valid until ${certificate.validTo.slice(0, 10)}` +
      `${certificate.expired ? ', EXPIRED' : ''})`,
  )
}

/** One line per step: its mark, its name, what it found or why it failed, in the user's words. */
function stepLines(test: ConnectionTest, say: (said: Said) => string): string[] {
  return test.steps.flatMap((step) => [
    `${MARKS[step.outcome]}  ${step.step.padEnd(NAME_WIDTH)}  ${say(step.said)}`,
    ...(step.tls === null ? [] : chainLines(step.tls)),
  ])
}

/**
 * As every other command's: credentials not set (no call was made), refused by the service, or
 * no answer at all.
 */
function exitCodeOf(test: ConnectionTest): ExitCode {
  if (test.outcome === 'ok') return EXIT.ok
  if (test.outcome === 'unreachable') return EXIT.unreachable
  return test.outcome === 'credentialsNotSet' ? EXIT.credentials : EXIT.refused
}

/** `env test NAME`: the connection test, step by step. */
export function envTestCommand(env: Command, act: Act): void {
  withGlobalOptions(env.command('test <name>'))
    .description(
      "test the environment's network and credentials step by step: the name, the proxy, the connection, TLS, then one harmless call",
    )
    .addOption(formatOption(['text', 'json'], 'text'))
    .action(
      act(async (context, name: string, options: { format: string }) => {
        const chosen = await context.environment(name)
        const test = await context.call('environments:testConnection', { id: chosen.id })
        const code = exitCodeOf(test)
        if (options.format === 'json') {
          context.out(JSON.stringify(test, null, 2))
          context.exitCode = code
          return
        }
        const line = `${test.outcome}: ${context.say(test.said)} (${Math.round(test.durationMs)} ms)`
        const steps = stepLines(test, context.say)
        if (code !== EXIT.ok) throw new CliFailure(code, line, steps)
        context.out(line)
        for (const step of steps) context.out(`  ${step}`)
      }),
    )
}
