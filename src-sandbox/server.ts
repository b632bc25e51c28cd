import { createServer, type Server } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { JWK } from 'jose'
import type { AddressInfo } from 'node:net'
import type { CreateUserRequest, UserTokenScheme } from '../src-shared/service'
import { openDatabase, type SandboxDatabase } from './database'
import { createFaultInjection } from './fault-injection'
import type { Faults } from './faults'
import { DEFAULTS, generateSecret, type SandboxCredentials, type SandboxOptions } from './options'
import type { OwnRoutes } from './own-routes'
import { toSeedEntry, type SeedEntry } from './representation'
import { listenerOf } from './request-handler'
import { allowedHostsOf, type Sender } from './request-sender'
import { loadOrCreateSigningKey, rotatedPublicKey } from './signing-keys'
import { createUserStore, type UserStore } from './user-store'
import { userTokenKeyId, userTokenOf } from './user-token-index'
import { warmAnswerPath, warmAuthenticate } from './warm-up'

export interface StartSandboxOptions extends Partial<Omit<SandboxOptions, 'credentials'>> {
  databasePath: string
  credentials?: Partial<SandboxCredentials>
  /** Replaces Math.random for fault decisions, so tests can make them certain. */
  random?: () => number
  /** Serve https with this key and certificate (PEM), as a production service would. */
  tls?: { key: string; cert: string }
  /** Users put in place at start and by every reset, as given (SANDBOX_SEED). */
  seed?: readonly CreateUserRequest[]
  /**
   * Pay a new process's first-call costs before saying it listens (the default: a suite's first
   * call is often its tightest). The console's own sandbox does not: its first call is a
   * person's, who does not notice a few milliseconds, and its start shares the main thread with
   * the window that is opening. Nor does the Playwright fixture's sandbox per worker: it starts
   * in the worker's setup, which is no test's time.
   */
  warmUp?: boolean
}

export interface RunningSandbox {
  baseUrl: string
  port: number
  credentials: SandboxCredentials
  /** Changes fault injection while running (tests of clients use this). */
  setFaults(faults: Partial<Faults>): void
  /** Every user and session gone, then the seed put back: what POST /_sandbox/reset does. */
  reset(): { users: number }
  /** Every user as a seed would put it back: what GET /_sandbox/export answers. */
  exportUsers(): SeedEntry[]
  close(): Promise<void>
}

const ISSUER = 'integrator-console-sandbox'
export { RESET_PATH } from './paths'

export async function startSandbox(options: StartSandboxOptions): Promise<RunningSandbox> {
  const credentials = credentialsOf(options.credentials)
  const userTokenScheme = options.userTokenScheme ?? DEFAULTS.userTokenScheme
  const faults = createFaultInjection(options.faults, options.random ?? Math.random)
  // The port is the one listened on, known once listening: before that no request comes.
  const sender: Sender = {
    scheme: options.tls ? 'https' : 'http',
    port: 0,
    allowedHosts: allowedHostsOf(options.allowedHosts ?? []),
  }
  const db = openDatabase(options.databasePath)
  const signingKey = await loadOrCreateSigningKey(db)
  // Made on first ask, once: every answer while the fault is on publishes the same other key.
  let rotatedKey: Promise<JWK> | undefined
  const store = openUserStore(db, userTokenScheme, credentials.userTokenSecret)
  if (options.warmUp !== false) await warmAuthenticate({ signingKey, issuer: ISSUER, store })
  const seed = options.seed ?? []
  store.seed(seed)

  function reset(): { users: number } {
    store.seed(seed, store.clear(seed.map((user) => user.token)))
    return { users: seed.length }
  }

  const own: OwnRoutes = {
    credentials,
    store,
    publishes: () => faults.current().jwks !== 'none',
    publishedKey: () =>
      faults.current().jwks === 'rotated'
        ? (rotatedKey ??= rotatedPublicKey())
        : Promise.resolve(signingKey.publicJwk),
    reset,
  }
  const listener = listenerOf({
    sender,
    credentials,
    own,
    faults,
    routes: {
      store,
      signingKey,
      userTokenScheme,
      phonePrefix: options.phonePrefix ?? DEFAULTS.phonePrefix,
      jwtTtlSeconds: options.jwtTtlSeconds ?? DEFAULTS.jwtTtlSeconds,
      maxBodyBytes: options.maxBodyBytes ?? DEFAULTS.maxBodyBytes,
      issuer: ISSUER,
    },
  })
  const server = options.tls ? createHttpsServer(options.tls, listener) : createServer(listener)
  const port = await listen(server, options.port ?? DEFAULTS.port)
  sender.port = port
  const baseUrl = `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`
  if (options.warmUp !== false)
    await warmAnswerPath(baseUrl, options.tls !== undefined).catch(async (error: unknown) => {
      await new Promise((closed) => server.close(closed))
      db.close()
      throw error
    })

  return {
    baseUrl,
    port,
    credentials,
    setFaults: (next) => faults.set(next),
    reset,
    exportUsers: () => store.all().map(toSeedEntry),
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
        // Held requests end now, their connections closed above: none is made after the close.
        faults.releaseAll()
      })
      db.close()
    },
  }
}

/** The credentials given, a new secret for each one not given. */
function credentialsOf(given: Partial<SandboxCredentials> | undefined): SandboxCredentials {
  return {
    apiKey: given?.apiKey ?? generateSecret(),
    secretKey: given?.secretKey ?? generateSecret(),
    userTokenSecret: given?.userTokenSecret ?? generateSecret(),
  }
}

/** The database's users, every stored userToken made this process's. */
function openUserStore(db: SandboxDatabase, scheme: UserTokenScheme, secret: string): UserStore {
  const store = createUserStore(db, userTokenOf(scheme, secret), userTokenKeyId(scheme, secret))
  store.indexUserTokens()
  return store
}

/** Listens on 127.0.0.1 and answers the port listened on (`port` 0: one the system picks). */
async function listen(server: Server, port: number): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve())
  })
  return (server.address() as AddressInfo).port
}
