import type { AppInfo } from '../../../src-shared/ipc'
import { said, type Said } from '../../../src-shared/messages'
import type { RunningSandbox } from '../../../src-sandbox/server'
import { AppError } from '../errors/app-error'
import { errorTextWithoutPaths } from '../errors/error-text'
import { sandboxCredentials, startOnKnownPort } from './sandbox-start'
import type { Vault } from '../keychain/vault'

type SandboxState = AppInfo['sandbox']

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

  async function start(): Promise<RunningSandbox> {
    const made = await sandboxCredentials(vault)
    if (made.withoutKeychain !== null) withoutKeychain = made.withoutKeychain
    return startOnKnownPort(dataDirectory, made.credentials)
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
