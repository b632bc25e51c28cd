import { execFile, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import type { SecretName } from '../../src-shared/environments'
import { watchChild, type WatchedChild } from './watched-child'

export const CLI_PATH = resolve(import.meta.dirname, '../../out/cli/integrator-console.mjs')

export interface CliRun {
  code: number | null
  stdout: string
  stderr: string
}

export interface CliOptions {
  env: NodeJS.ProcessEnv
  stdin?: string
  cwd?: string
  /** An LC_ALL value; English (C.UTF-8) unless given, whatever the machine's LANG. */
  locale?: string
}

/** The variables that point a face (the command line, a window) at a data folder and keychain. */
export function faceEnv(
  face: { dataDirectory: string; keychainService: string },
  base: NodeJS.ProcessEnv = process.env,
): NodeJS.ProcessEnv {
  return {
    ...base,
    INTEGRATOR_CONSOLE_USER_DATA: face.dataDirectory,
    INTEGRATOR_CONSOLE_KEYCHAIN_SERVICE: face.keychainService,
  }
}

/** The variables `--credentials-from-env` reads an environment's secrets from (CI's way). */
export function credentialVariables(
  credentials: Partial<Record<SecretName, string>>,
): NodeJS.ProcessEnv {
  return {
    INTEGRATOR_API_KEY: credentials.apiKey,
    INTEGRATOR_SECRET_KEY: credentials.secretKey,
    INTEGRATOR_USER_TOKEN_SECRET: credentials.userTokenSecret,
  }
}

/** A copy of the variables without those named: a machine where they are not set. */
export function without(env: NodeJS.ProcessEnv, ...names: string[]): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !names.includes(name)))
}

function builtCli(): string {
  if (!existsSync(CLI_PATH))
    throw new Error(`${CLI_PATH} is missing: run \`npm run build\` before these tests`)
  return CLI_PATH
}

const localeOf = (options: CliOptions) => ({
  ...options.env,
  LC_ALL: options.locale ?? 'C.UTF-8',
})

/**
 * The built `integrator-console`, run as a user runs it: a process of its own, with this
 * environment (nothing of the test's own unless given) and this standard input, to its end.
 */
export function runBuiltCli(args: readonly string[], options: CliOptions): Promise<CliRun> {
  const cli = builtCli()
  return new Promise((done) => {
    const child = execFile(
      process.execPath,
      [cli, ...args],
      { env: localeOf(options), cwd: options.cwd, maxBuffer: 16 * 1024 * 1024, timeout: 15_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0
        done({ code, stdout, stderr })
      },
    )
    child.stdin?.end(options.stdin ?? '')
  })
}

/** As runBuiltCli, watched while it runs: for a test that signals it or waits on what it says. */
export function spawnBuiltCli(
  args: readonly string[],
  options: Omit<CliOptions, 'stdin'>,
): WatchedChild {
  return watchChild(
    spawn(process.execPath, [builtCli(), ...args], {
      env: localeOf(options),
      cwd: options.cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  )
}
