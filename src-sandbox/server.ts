import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { JWK } from 'jose'
import type { AddressInfo } from 'node:net'
import type { CreateUserRequest } from '../src-shared/service'
import { openDatabase } from './database'
import { decideFault, NO_FAULTS, type Faults } from './faults'
import { sendJson, sendProblem } from './http-io'
import { DEFAULTS, generateSecret, type SandboxCredentials, type SandboxOptions } from './options'
import { problem, ProblemError } from './problem'
import { plainPath, requestTarget, urlOf } from './request-path'
import { toSeedEntry, type SeedEntry } from './representation'
import { matchRoute } from './router'
import { answerOwnRoute, OWN_PATHS, type OwnRoutes } from './own-routes'
import type { RouteContext } from './routes/context'
import { loadOrCreateSigningKey, rotatedPublicKey } from './signing-keys'
import { warmAnswerPath, warmAuthenticate } from './warm-up'
import { createUserStore } from './user-store'
import { userTokenKeyId, userTokenOf } from './user-token-index'
import { checkCredentials } from './credentials'
import { allowedHostsOf, refuseForeignSender, type Sender } from './request-sender'
import { SANDBOX_MESSAGES } from '../src-shared/messages/sandbox-messages'

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
   * the window that is opening.
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
  const credentials: SandboxCredentials = {
    apiKey: options.credentials?.apiKey ?? generateSecret(),
    secretKey: options.credentials?.secretKey ?? generateSecret(),
    userTokenSecret: options.credentials?.userTokenSecret ?? generateSecret(),
  }
  const userTokenScheme = options.userTokenScheme ?? DEFAULTS.userTokenScheme
  const random = options.random ?? Math.random
  let faults: Faults = { ...NO_FAULTS, ...options.faults }
  let letThrough = 0
  // One promise for every request waiting out a hold, settled when the hold is lifted.
  let hold: { lifted: Promise<void>; lift: () => void } | undefined
  function held(): Promise<void> {
    if (!hold) {
      let lift = () => {}
      const lifted = new Promise<void>((resolve) => (lift = resolve))
      hold = { lifted, lift }
    }
    return hold.lifted
  }
  function liftHold(): void {
    hold?.lift()
    hold = undefined
  }

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
  const store = createUserStore(
    db,
    userTokenOf(userTokenScheme, credentials.userTokenSecret),
    userTokenKeyId(userTokenScheme, credentials.userTokenSecret),
  )
  store.indexUserTokens()
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
    publishes: () => faults.jwks !== 'none',
    publishedKey: () =>
      faults.jwks === 'rotated'
        ? (rotatedKey ??= rotatedPublicKey())
        : Promise.resolve(signingKey.publicJwk),
    reset,
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    refuseForeignSender(request.headers, sender)
    const method = request.method ?? 'GET'
    const target = requestTarget(request.url)
    const pathname = plainPath(target) ?? urlOf(target).pathname
    if (OWN_PATHS.has(pathname) && (await answerOwnRoute(request, response, pathname, own))) return
    const route = matchRoute(method, pathname)
    if (route.authenticated) checkCredentials(request.headers, credentials)

    while (faults.hold) await held()
    // A client that gave up while held is not answered, and its call is not made.
    if (request.socket.destroyed) return
    if (faults.latencyMs > 0) await new Promise((r) => setTimeout(r, faults.latencyMs))
    const fault = decideFault(faults, random, letThrough)
    if (fault !== 'rate-limit') letThrough += 1
    if (fault === 'rate-limit') {
      const error = problem(
        429,
        'rate-limited',
        'Too many requests',
        SANDBOX_MESSAGES.slowDown.message,
      )
      error.headers['retry-after'] = String(faults.retryAfterSeconds)
      throw error
    }
    if (fault === 'error') {
      throw problem(
        503,
        'unavailable',
        'Service unavailable',
        SANDBOX_MESSAGES.injectedUnavailable.message,
      )
    }

    let url: URL | undefined
    const context: RouteContext = {
      request,
      // Only Authenticate reads its query: the other calls never build a URL.
      get url() {
        return (url ??= urlOf(target))
      },
      params: route.params,
      store,
      signingKey,
      userTokenScheme,
      phonePrefix: options.phonePrefix ?? DEFAULTS.phonePrefix,
      jwtTtlSeconds: options.jwtTtlSeconds ?? DEFAULTS.jwtTtlSeconds,
      maxBodyBytes: options.maxBodyBytes ?? DEFAULTS.maxBodyBytes,
      issuer: ISSUER,
    }
    const result = await route.handler(context)
    if (fault === 'drop') {
      response.socket?.destroy()
      return
    }
    if (fault === 'late-error') {
      throw problem(
        504,
        'gateway-timeout',
        'Gateway timeout',
        SANDBOX_MESSAGES.injectedLost.message,
      )
    }
    sendJson(response, result.status, result.body, result.headers)
  }

  const listener = (request: IncomingMessage, response: ServerResponse) => {
    handle(request, response).catch((error: unknown) => {
      if (response.headersSent || response.destroyed) return
      if (error instanceof ProblemError) {
        // An oversized body is left unread: close the connection rather than drain it.
        if (error.problem.status === 413) error.headers.connection = 'close'
        sendProblem(response, error.problem, error.headers)
        return
      }
      console.error(`sandbox: ${request.method} failed: ${describe(error)}`)
      sendProblem(response, {
        type: '/problems/internal',
        title: 'Internal error',
        status: 500,
        detail: SANDBOX_MESSAGES.failed.message,
      })
    })
  }
  const server = options.tls ? createHttpsServer(options.tls, listener) : createServer(listener)

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? DEFAULTS.port, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
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
    setFaults(next) {
      faults = { ...faults, ...next }
      letThrough = 0
      if (!faults.hold) liftHold()
    },
    reset,
    exportUsers: () => store.all().map(toSeedEntry),
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
        // Held requests end now, their connections closed above: none is made after the close.
        faults = { ...faults, hold: false }
        liftHold()
      })
      db.close()
    },
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
