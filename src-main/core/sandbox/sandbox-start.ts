import { join } from 'node:path'
import { LOCAL_SANDBOX_ID, type SecretName } from '../../../src-shared/environments'
import type { Said } from '../../../src-shared/messages'
import type { RunningSandbox } from '../../../src-sandbox/server'
import { AppError } from '../errors/app-error'
import type { Vault } from '../keychain/vault'
import { portToTry, rememberPort } from './sandbox-port'

/** Its database's folder in the data folder (the database and its -wal and -shm files). */
export const SANDBOX_FOLDER = 'sandbox'

type Credentials = Partial<Record<SecretName, string>>

async function credential(vault: Vault, name: SecretName): Promise<string> {
  const stored = await vault.get(LOCAL_SANDBOX_ID, name)
  if (stored !== null) return stored
  const { generateSecret } = await import('../../../src-sandbox/options')
  const created = generateSecret()
  await vault.set(LOCAL_SANDBOX_ID, name, created)
  return created
}

/**
 * The sandbox's credentials: from the keychain, made there once; where no keychain can be used,
 * made for this run and kept in this process only, with why (`withoutKeychain`).
 */
export async function sandboxCredentials(
  vault: Vault,
): Promise<{ credentials: Credentials; withoutKeychain: Said | null }> {
  try {
    const credentials = {
      apiKey: await credential(vault, 'apiKey'),
      secretKey: await credential(vault, 'secretKey'),
      userTokenSecret: await credential(vault, 'userTokenSecret'),
    }
    return { credentials, withoutKeychain: null }
  } catch (error) {
    if (!(error instanceof AppError && error.code === 'KEYCHAIN_UNAVAILABLE')) throw error
    const { generateSecret } = await import('../../../src-sandbox/options')
    const forThisRun = {
      apiKey: generateSecret(),
      secretKey: generateSecret(),
      userTokenSecret: generateSecret(),
    }
    vault.keepForRun(LOCAL_SANDBOX_ID, forThisRun)
    return { credentials: forThisRun, withoutKeychain: error.said }
  }
}

/** Starts the sandbox on the port it had last time when free, else on any free one. */
export async function startOnKnownPort(
  dataDirectory: string,
  credentials: Credentials,
): Promise<RunningSandbox> {
  // Loaded on first use: a face that never uses the Local sandbox (a command on another
  // environment) never loads SQLite.
  const { startSandbox } = await import('../../../src-sandbox/server')
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
