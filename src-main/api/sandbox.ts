import { faultsOf } from './sandbox-faults'
import { JWKS_PATH } from '../../src-sandbox/paths'
import { checkSeed, readSeed } from '../../src-sandbox/seed'
import { startSandbox as startServer } from '../../src-sandbox/server'
import type { ExportedUser, NewUser, SandboxCredentials, SandboxFaults } from './types'

export interface SandboxStartOptions {
  /**
   * Users in place at start and after every reset: the users themselves (what exportUsers gave
   * back included), or a JSON or CSV file.
   */
  seed?: readonly (NewUser | ExportedUser)[] | string
  /** Any left out is generated (random, different at every start). */
  credentials?: Partial<SandboxCredentials>
  /** 0, the default, takes any free port: a port of its own for every suite and worker. */
  port?: number
  /** A SQLite file to keep the users in; by default they live in memory and go with the sandbox. */
  databasePath?: string
  /** How long a session JWT lasts, in seconds (default 3600). */
  jwtTtlSeconds?: number
  faults?: SandboxFaults
}

export interface Sandbox {
  /** Where it listens, e.g. http://127.0.0.1:41233: the base URL of every call. */
  readonly url: string
  readonly credentials: SandboxCredentials
  /** The JWKS its session JWTs are verified against. */
  readonly jwksUrl: string
  /** Every user and session gone, the seed put back (POST /_sandbox/reset). */
  reset(): { users: number }
  /** Every user it holds, as `seed` takes them back (GET /_sandbox/export). */
  exportUsers(): ExportedUser[]
  /** Changes what it fails on purpose while it runs; what is not named stays as it was. */
  setFaults(faults: SandboxFaults): void
  /** Stops listening; the users go too unless a databasePath was given. */
  close(): Promise<void>
  [Symbol.asyncDispose](): Promise<void>
}

/** The seed's users, checked by the service's own Create rules (a file read first). */
export function seedOf(seed: SandboxStartOptions['seed']): NewUser[] {
  if (seed === undefined) return []
  // The service's own Create rules: a seed the service would refuse fails here, by its place.
  return typeof seed === 'string' ? readSeed(seed, `seed file ${seed}`) : checkSeed(seed, 'seed')
}

/**
 * A sandbox in this process: the service's four calls, its JWKS and its own reset and export,
 * on loopback. It ends with the process, so a killed test run leaves nothing listening.
 */
export function startSandbox(options: SandboxStartOptions = {}): Promise<Sandbox> {
  return openSandbox(options, true)
}

/**
 * A Playwright worker's sandbox: started without the warm-up. A start from code pays a new
 * process's first-call costs before it resolves, as its first call is often a suite's tightest;
 * in a worker, whose setup is not a test's time, that would be five rounds of Authenticate and an
 * OpenAPI document no test asks for, in every worker, to spare its first test a few milliseconds.
 */
export function startWorkerSandbox(options: SandboxStartOptions): Promise<Sandbox> {
  return openSandbox(options, false)
}

async function openSandbox(options: SandboxStartOptions, warmUp: boolean): Promise<Sandbox> {
  const running = await startServer({
    warmUp,
    port: options.port ?? 0,
    databasePath: options.databasePath ?? ':memory:',
    seed: seedOf(options.seed),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    ...(options.jwtTtlSeconds === undefined ? {} : { jwtTtlSeconds: options.jwtTtlSeconds }),
    faults: faultsOf(options.faults),
  })
  const close = () => running.close()
  return {
    url: running.baseUrl,
    credentials: running.credentials,
    jwksUrl: `${running.baseUrl}${JWKS_PATH}`,
    reset: () => running.reset(),
    exportUsers: () => running.exportUsers(),
    setFaults: (faults) => running.setFaults(faults),
    close,
    [Symbol.asyncDispose]: close,
  }
}
