import { expect } from 'vitest'
import { keyringBackend } from '../../src-main/core/keychain/keyring-backend'
import type { EnvironmentKind, SecretName } from '../../src-shared/environments'
import { faceEnv, runBuiltCli, spawnBuiltCli, type CliOptions, type CliRun } from './cli-process'
import { secretLeaks } from './secret-leaks'
import { makeTempDir } from './temp-dir'
import { throwawayKeychainService } from './test-keyring'
import type { WatchedChild } from './watched-child'

export interface CliSession {
  dataDirectory: string
  /**
   * The user's own folder, where every command runs: the files a test hands the command line go
   * here, never in the data folder, which the console refuses to take a file from.
   */
  workDirectory: string
  keychainService: string
  /** The variables every command of the session runs with, unless one is given others. */
  env: NodeJS.ProcessEnv
  /** Runs the built command line to its end; its output is kept for the secret scan. */
  cli: (args: readonly string[], options?: Partial<CliOptions>) => Promise<CliRun>
  /** Starts the built command line and watches it; its output is kept for the secret scan. */
  spawn(args: readonly string[], options?: Partial<Omit<CliOptions, 'stdin'>>): WatchedChild
  /** `env add`, then `env set-secret` for each secret given, each expected to succeed. */
  addEnvironment(
    name: string,
    baseUrl: string,
    secrets: Partial<Record<SecretName, string>>,
    kind?: EnvironmentKind,
  ): Promise<void>
  /** Fails naming the command that showed a secret, in any form (see secretLeaks), on any stream. */
  expectNoSecretShown(secrets: readonly string[]): void
  /** The secrets the embedded Local sandbox generated and kept in the keychain, removed from it. */
  takeLocalSandboxSecrets(): Promise<string[]>
  remove(): void
}

/** The secrets the Local sandbox makes for itself: it has no proxy and no client certificate. */
const SANDBOX_SECRETS = ['apiKey', 'secretKey', 'userTokenSecret'] as const

/**
 * The built command line on a data folder and a throwaway keychain service of its own, as a user
 * of the test's environment runs it (`variables` added to it) from a folder of their own, with
 * every command's output kept.
 */
export function cliSession(
  prefix: string,
  variables: NodeJS.ProcessEnv = {},
  base: NodeJS.ProcessEnv = process.env,
): CliSession {
  const data = makeTempDir(prefix)
  const work = makeTempDir(`${prefix}-files`)
  const keychainService = throwawayKeychainService()
  const env = { ...faceEnv({ dataDirectory: data.path, keychainService }, base), ...variables }
  const shown: { command: string; output: () => string }[] = []

  async function cli(args: readonly string[], options: Partial<CliOptions> = {}) {
    const run = await runBuiltCli(args, { cwd: work.path, ...options, env: options.env ?? env })
    shown.push({ command: args.join(' '), output: () => run.stdout + run.stderr })
    return run
  }

  return {
    dataDirectory: data.path,
    workDirectory: work.path,
    keychainService,
    env,
    cli,
    spawn(args, options = {}) {
      const watched = spawnBuiltCli(args, { cwd: work.path, ...options, env: options.env ?? env })
      shown.push({ command: args.join(' '), output: watched.output })
      return watched
    },
    async addEnvironment(name, baseUrl, secrets, kind) {
      const added = await cli([
        'env',
        'add',
        name,
        '--base-url',
        baseUrl,
        ...(kind ? ['--kind', kind] : []),
      ])
      expect(added.code, `env add ${name}: ${added.stderr}`).toBe(0)
      for (const [secret, value] of Object.entries(secrets)) {
        const set = await cli(['env', 'set-secret', name, secret], { stdin: value })
        expect(set.code, `set-secret ${secret}: ${set.stderr}`).toBe(0)
      }
    },
    expectNoSecretShown(secrets) {
      for (const { command, output } of shown)
        expect(secretLeaks(output(), secrets), `integrator-console ${command}`).toEqual([])
    },
    async takeLocalSandboxSecrets() {
      const keychain = keyringBackend(keychainService)
      const signal = new AbortController().signal
      const secrets: string[] = []
      for (const name of SANDBOX_SECRETS) {
        const secret = await keychain.get(`local-sandbox/${name}`, signal)
        expect(secret, `the Local sandbox's ${name} in the keychain`).toBeTruthy()
        secrets.push(secret ?? '')
        await keychain.delete(`local-sandbox/${name}`, signal)
      }
      return secrets
    },
    remove() {
      data.remove()
      work.remove()
    },
  }
}
