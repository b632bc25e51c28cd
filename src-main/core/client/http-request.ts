import type { IncomingMessage } from 'node:http'
import type { Readable } from 'node:stream'
import { said, type Said } from '../../../src-shared/messages'
import { withdrawal, Withdrawn } from './call-withdrawal'
import { http, https, net, tls as tlsModule, zlib } from '../network/lazy-builtins'
import {
  alertedAtHandshake,
  ClientCertificateRefused,
  hasClientCertificate,
} from '../network/certificate-refusal'
import { openTunnel } from '../network/tunnel'

const isIP = (host: string) => net().isIP(host)
const tlsConnect = (options: import('node:tls').ConnectionOptions) => tlsModule().connect(options)

/** One HTTP request as the exchange sends it. */
interface HttpCall {
  method: string
  url: string
  headers: Readonly<Record<string, string>>
  body: string | null
}

/** An answer whose head has arrived; its body is read (or walked away from) by the caller. */
export interface HttpResponse {
  status: number
  header: (name: string) => string | null
  /**
   * The body's bytes, decoded from the encodings Node's fetch decodes too. Leaving the loop early
   * drops the connection instead of reading the rest.
   */
  body: AsyncIterable<Uint8Array>
}

/**
 * Sends one call. Aborting the signal ends it wherever it is, the body's reading included; the
 * scope's withdrawal (call-withdrawal.ts) ends it only while its connection is not made. A
 * failure carries the socket's error code (ECONNREFUSED, ECONNRESET...) as `code`; one that came
 * before the connection was made is a NotConnected.
 */
export type Transport = (call: HttpCall, signal: AbortSignal) => Promise<HttpResponse>

/**
 * The call failed before its connection was made (DNS, TCP connect, the TLS handshake, or its
 * deadline first): no byte of the request left this machine. `code` is the socket's error code.
 */
export class NotConnected extends Error {
  readonly code: string | undefined

  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause), { cause })
    const code = cause instanceof Error ? (cause as { code?: unknown }).code : undefined
    this.code = typeof code === 'string' ? code : undefined
  }
}

// Flushed as they come, as Node's fetch does: an empty or cut body is not an error by itself.
const DECODERS: Readonly<Record<string, () => NodeJS.ReadWriteStream>> = {
  gzip: () => zlib().createGunzip({ finishFlush: zlib().constants.Z_SYNC_FLUSH }),
  'x-gzip': () => zlib().createGunzip({ finishFlush: zlib().constants.Z_SYNC_FLUSH }),
  deflate: () => zlib().createInflate({ finishFlush: zlib().constants.Z_SYNC_FLUSH }),
  br: () => zlib().createBrotliDecompress({ finishFlush: zlib().constants.BROTLI_OPERATION_FLUSH }),
}

/** A body whose bytes are not what its Content-Encoding says: the answer itself is bad. */
export class UndecodableBody extends Error {
  constructor(readonly said: Said) {
    super(said.text)
  }
}

const isDecoderError = (error: unknown) => {
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' && /^Z_|BROTLI|ZLIB/.test(code)
}

async function* decoding(
  response: IncomingMessage,
  decoder: NodeJS.ReadWriteStream,
): AsyncGenerator<Uint8Array> {
  const decoded = response.pipe(decoder) as unknown as Readable
  response.once('error', (error) => decoded.destroy(error))
  try {
    for await (const chunk of decoded) yield chunk as Uint8Array
  } catch (error) {
    if (!isDecoderError(error)) throw error
    throw new UndecodableBody(
      said('bodyUndecodable', {
        encoding: response.headers['content-encoding'] ?? '',
        error: error instanceof Error ? error.message : String(error),
      }),
    )
  } finally {
    // Left early (too large, an abort) or failed: the connection is dropped, not drained.
    decoded.destroy()
    if (!response.complete) response.destroy()
  }
}

function decodedBody(response: IncomingMessage): AsyncIterable<Uint8Array> {
  const encoding = response.headers['content-encoding']?.trim().toLowerCase()
  const decoder = encoding === undefined ? undefined : DECODERS[encoding]
  return decoder === undefined ? response : decoding(response, decoder())
}

/**
 * Node's own HTTP client, on its keep-alive agents. A call costs about half the CPU time of
 * Node's fetch (undici's WHATWG streams and Request objects), which a bulk run feels on every
 * row, and Node loads no fetch implementation at start, which the command line feels. Redirects
 * are never followed: the secret headers must not be replayed to another origin.
 */
export const nodeHttpTransport: Transport = (call, signal) =>
  sendOn(call, signal, undefined, withdrawal())

/** How an environment's https calls are carried, when not on Node's defaults. */
export interface TransportSetup {
  /** The proxy, its name and password in it if it asks for them: they go to the proxy alone. */
  proxyUrl?: string | undefined
  /** The certificate authorities trusted and the client certificate shown. */
  secureContext?: import('node:tls').SecureContext | undefined
  /** The authorities an https:// proxy's own certificate is checked with (no client certificate). */
  proxyTrust?: import('node:tls').SecureContext | undefined
}

/** A transport on an agent of its own, and the way to close that agent's idle connections. */
export interface RouteTransport {
  transport: Transport
  close(): void
}

/** The call's deadline, handed to the agent beside the request's options. */
interface DeadlineOption {
  deadline?: AbortSignal
}

/**
 * The same client on a keep-alive agent of its own, trusting the environment's certificate
 * authorities and showing its client certificate; through a proxy, each new connection is a
 * tunnel the console opens itself (network/tunnel.ts), given up on at the call's deadline. Plain
 * http never comes here: it stays on this computer (network/route.ts).
 */
export function routeTransport(setup: TransportSetup): RouteTransport {
  const tls = setup.secureContext === undefined ? {} : { secureContext: setup.secureContext }
  const { proxyUrl, proxyTrust } = setup
  const Agent = https().Agent
  const agent =
    proxyUrl === undefined
      ? new Agent({ keepAlive: true, ...tls })
      : new (class TunnelAgent extends Agent {
          override createConnection(
            options: import('node:https').RequestOptions & DeadlineOption,
            done: (error: Error | null, socket?: import('node:stream').Duplex) => void,
          ): undefined {
            const host = options.hostname ?? options.host ?? 'localhost'
            const target = { host, port: Number(options.port ?? 443) }
            const deadline = options.deadline ?? new AbortController().signal
            openTunnel(proxyUrl, target, deadline, proxyTrust).then(
              (socket) => {
                const servername = options.servername ?? (isIP(host) === 0 ? host : undefined)
                // The certificate is checked against `host`: a socket given, tls.connect would take localhost.
                done(null, tlsConnect({ socket, host, servername, ...tls }))
              },
              (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
            )
            return undefined
          }
        })({ keepAlive: true, ...tls })
  return {
    transport: (call, signal) => sendOn(call, signal, agent, withdrawal()),
    close: () => agent.destroy(),
  }
}

function sendOn(
  call: HttpCall,
  signal: AbortSignal,
  via: import('node:https').Agent | undefined,
  withdraw: AbortSignal | undefined,
) {
  return new Promise<HttpResponse>((resolve, reject) => {
    const secure = call.url.startsWith('https:')
    const send = secure ? https().request : http().request
    const headers: Record<string, string> = { ...call.headers }
    if (call.body !== null) headers['content-length'] = String(Buffer.byteLength(call.body))
    const agent = via === undefined || !secure ? {} : { agent: via }
    // Node holds the request's bytes until its socket is connected (for https, until the TLS
    // handshake is done): a failure before then is one of a request that never left.
    let connected = false
    // A tunnel being opened for it is given up on at either signal.
    const deadline = withdraw === undefined ? signal : AbortSignal.any([signal, withdraw])
    const options = { method: call.method, headers, signal, deadline, ...agent }
    const request = send(call.url, options, (response) => {
      resolve({
        status: response.statusCode ?? 0,
        header: (name) => {
          const value = response.headers[name.toLowerCase()]
          return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value
        },
        body: decodedBody(response),
      })
    })
    request.once('socket', (socket) => {
      if (request.reusedSocket) connected = true
      else socket.once(secure ? 'secureConnect' : 'connect', () => (connected = true))
    })
    request.once('error', (error: Error & { code?: unknown }) => {
      const code = typeof error.code === 'string' ? error.code : undefined
      const socket = request.socket
      if (!connected) reject(new NotConnected(error))
      // A client certificate refused (or wanted) at the handshake: the service read nothing.
      else if (
        code !== undefined &&
        alertedAtHandshake(code) &&
        socket instanceof tlsModule().TLSSocket
      )
        reject(new NotConnected(new ClientCertificateRefused(code, hasClientCertificate(socket))))
      else reject(error)
    })
    // The deadline is the console's own: the call ends now, wherever it waits (an agent still
    // opening its connection included), and its socket with it.
    // A request whose answer was read gives its socket back to the pool, and is done: the
    // listener goes with it, so that a deadline cannot reach a socket another call now uses.
    const giveUp = (reason: Error) => {
      reject(connected ? reason : new NotConnected(reason))
      request.destroy(reason)
    }
    const atDeadline = () => giveUp(new Error('the call reached its deadline'))
    const withdrawn = () => {
      if (!connected) giveUp(new Withdrawn())
    }
    for (const [on, act] of [
      [signal, atDeadline],
      [withdraw, withdrawn],
    ] as const) {
      if (on === undefined) continue
      if (on.aborted) act()
      else {
        on.addEventListener('abort', act, { once: true })
        request.once('close', () => on.removeEventListener('abort', act))
      }
    }
    request.end(call.body ?? undefined)
  })
}
