import { InvalidArgumentError, Option, type Command } from 'commander'
import type { CliContext } from './cli-context'

/** A command's work: what it prints, and its exit code, go through the context. */
export type Work<A extends unknown[]> = (context: CliContext, ...args: A) => Promise<void>

export type Act = <A extends unknown[]>(work: Work<A>) => (...args: unknown[]) => Promise<void>

/**
 * The options of every command that uses an environment: also declared on the command itself,
 * so that its own --help lists them.
 */
export function withGlobalOptions(command: Command): Command {
  return command
    .option('--env <name>', 'use this environment for this command only (by name)')
    .option(
      '--credentials-from-env',
      'read the secrets from INTEGRATOR_API_KEY, INTEGRATOR_SECRET_KEY, INTEGRATOR_USER_TOKEN_SECRET (and INTEGRATOR_CLIENT_KEY_PASSPHRASE) instead of the keychain; a proxy login goes in HTTPS_PROXY',
    )
    .option('--confirm <name>', 'the production environment name, to let a write go to it')
    .option(
      '--proxy <proxy>',
      'for this command only: system, none, or a proxy URL (env add and env edit: the environment keeps it)',
    )
    .option(
      '--ca-file <path>',
      'for this command only: also trust the certificate authorities in this PEM file (env add and env edit: the environment keeps it)',
    )
}

/** Commands whose --proxy and --ca-file are settings they save, not ones for the command itself. */
export const SAVES_NETWORK = new WeakSet<Command>()

export function formatOption(formats: readonly string[], fallback: string): Option {
  return new Option('--format <format>', 'how to print the result')
    .choices(formats)
    .default(fallback)
}

export function wholeNumber(name: string, min: number, max: number) {
  return (value: string): number => {
    const number = Number(value)
    if (!Number.isInteger(number) || number < min || number > max)
      throw new InvalidArgumentError(`${name} must be a whole number from ${min} to ${max}.`)
    return number
  }
}
