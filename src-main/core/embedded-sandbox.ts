import { join } from 'node:path'
import { LOCAL_SANDBOX_ID, type SecretName } from '../../src-shared/environments'
import type { AppInfo } from '../../src-shared/ipc'
import { said, type Said } from '../../src-shared/messages'
import type { RunningSandbox } from '../../src-sandbox/server'
import { AppError } from './app-error'
import { errorTextWithoutPaths } from './error-text'
import { portToTry, rememberPort } from './sandbox-port'
import type { Vault } from './vault'

type SandboxState = AppInfo['sandbox']

/** Its database's folder in the data folder (the database and its -wal and -shm files). */
export const SANDBOX_FOLDER = 'sandbox'

/**
 * The sandbox behind the built-in "Local sandbox" environment: started on first use (never on the
 * start-up path), on 127.0.0.1 and the port it had last time when free (else any free one), with its database in the app data folder and
 * credentials generated once and kept in the keychain.
 *
 * Where no keychain can be used (a headless Linux, WSL, a container), its credentials are made
 * for this run and kept in this process only: they guard a server on 127.0.0.1 holding test
 * data, which this process starts and stops, so nothing is lost when they go with it. They are
 * not written to a file: no secret of the console's is, whatever it guards.
 */
export function createEmbeddedSandbox(dataDirectory: string, vault: Vault) {
  let running: RunningSandbox | undefined
  let starting: Promise<RunningSandbox> | undefined
  let failure: Said | null = null
  /** Why the keychain could not keep the credentials, when they are this run's only. */
  let withoutKeychain: Said | null = null

  async function credential(name: SecretName): Promise<string> {
    const stored = await vault.get(LOCAL_SANDBOX_ID, name)
    if (stored !== null) return stored
    const { generateSecret } = await import('../../src-sandbox/options')
    const created = generateSecret()
    await vault.set(LOCAL_SANDBOX_ID, name, created)
    return created
  }

  async function sandboxCredentials(): Promise<Partial<Record<SecretName, string>>> {
    try {
      return {
        apiKey: await credential('apiKey'),
        secretKey: await credential('secretKey'),
        userTokenSecret: await credential('userTokenSecret'),
      }
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'KEYCHAIN_UNAVAILABLE')) throw error
      const { generateSecret } = await import('../../src-sandbox/options')
      const forThisRun = {
        apiKey: generateSecret(),
        secretKey: generateSecret(),
        userTokenSecret: generateSecret(),
      }
      vault.keepForRun(LOCAL_SANDBOX_ID, forThisRun)
      withoutKeychain = error.said
      return forThisRun
    }
  }

  async function start(): Promise<RunningSandbox> {
    const credentials = await sandboxCredentials()
    // Loaded on first use: a face that never uses the Local sandbox (a command on another
    // environment) never loads SQLite.
    const { startSandbox } = await import('../../src-sandbox/server')
    const folder = join(dataDirectory, SANDBOX_FOLDER)
    const port = await portToTry(folder)
    const on = (chosen: number) =>
      startSandbox({
        port: chosen,
        databasePath: join(folder, 'sandbox.db'),
        credentials,
        userTokenScheme: 'hmac-sha256-hex',
        warmUp: false,
      })
    // Taken between the check and the start (another program's): any free port then.
    const started = await on(port).catch((error: unknown) => {
      if (port === 0 || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error
      return on(0)
    })
    if (started.port !== port) await rememberPort(folder, started.port)
    return started
  }

  return {
    async ensureStarted(): Promise<RunningSandbox> {
      if (running) return running
      starting ??= start().then(
        (sandbox) => {
          running = sandbox
          failure = null
          return sandbox
        },
        (error: unknown) => {
          starting = undefined
          const told =
            error instanceof AppError
              ? error
              : new AppError(
                  'INTERNAL',
                  said('sandboxStartFailed', {
                    error: errorTextWithoutPaths(error),
                  }),
                )
          failure = told.said
          throw told
        },
      )
      return starting
    },

    /** Why the keychain could not be used, when the sandbox's credentials are this run's only. */
    withoutKeychain: (): Said | null => withoutKeychain,

    baseUrl(): string | null {
      return running?.baseUrl ?? null
    },

    state(): SandboxState {
      if (running) return { state: 'running', baseUrl: running.baseUrl, said: null }
      if (starting) return { state: 'starting', baseUrl: null, said: null }
      if (failure !== null) return { state: 'failed', baseUrl: null, said: failure }
      return { state: 'stopped', baseUrl: null, said: null }
    },

    async stop(): Promise<void> {
      const sandbox = running ?? (await starting?.catch(() => undefined))
      running = undefined
      starting = undefined
      await sandbox?.close()
    },
  }
}
export type EmbeddedSandbox = ReturnType<typeof createEmbeddedSandbox>
