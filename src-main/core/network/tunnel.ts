import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import type { SecureContext } from 'node:tls'
import { http, net, tls } from './lazy-builtins'
import { basicAuthorization, endpointOf, loginOf, targetOf } from './proxy-endpoint'
import { offeredSchemes } from './proxy-failure'

/** The proxy schemes the console speaks; any other is refused before a byte is sent. */
const PROXY_SCHEMES = ['http:', 'https:', 'socks5:', 'socks5h:'] as const

export function proxySchemeSupported(proxyUrl: string): boolean {
  return (
    URL.canParse(proxyUrl) &&
    (PROXY_SCHEMES as readonly string[]).includes(new URL(proxyUrl).protocol)
  )
}

/** A proxy's answer to CONNECT other than 2xx: Node's own wording, so proxyFailure reads it. */
export class TunnelRefused extends Error {
  readonly code = 'ERR_PROXY_TUNNEL'

  constructor(
    readonly status: number,
    /** The login schemes its Proxy-Authenticate headers offered. */
    readonly offered: readonly string[],
  ) {
    super(`Failed to establish a tunnel to the service: proxy answered HTTP/1.1 ${status}`)
  }
}

/** The proxy's own certificate was refused: said as the proxy's, not the service's. */
export class ProxyCertificateRefused extends Error {
  readonly code: string

  constructor(cause: Error & { code?: unknown }) {
    super(cause.message, { cause })
    this.code = typeof cause.code === 'string' ? cause.code : 'ERR_TLS_CERT'
  }
}

/** The SOCKS proxy answered, and would not connect: its reason, as the library words it. */
export class SocksRefused extends Error {
  constructor(
    reason: string,
    /** A login or a rule refused it: asking again changes nothing. */
    readonly final: boolean,
  ) {
    super(reason)
  }
}

export interface TunnelTarget {
  host: string
  port: number
}

function abortError(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('aborted')
}

/**
 * A connection to the target through the proxy, ready for the service's TLS: CONNECT through an
 * http:// or https:// proxy (its certificate checked with `proxyTrust`), or SOCKS5, with names
 * resolved here (socks5://) or by the proxy (socks5h://). Aborting the signal destroys whatever
 * is open at once, so no wait (a proxy that never answers, a late CONNECT) outlives a deadline.
 */
export function openTunnel(
  proxyUrl: string,
  target: TunnelTarget,
  signal: AbortSignal,
  proxyTrust: SecureContext | undefined,
): Promise<Duplex> {
  const proxy = new URL(proxyUrl)
  if (signal.aborted) return Promise.reject(abortError(signal))
  return proxy.protocol.startsWith('socks')
    ? socksTunnel(proxy, target, signal)
    : connectTunnel(proxy, target, signal, proxyTrust)
}

function connectTunnel(
  proxy: URL,
  target: TunnelTarget,
  signal: AbortSignal,
  proxyTrust: SecureContext | undefined,
): Promise<Duplex> {
  return new Promise((resolve, reject) => {
    const authority = targetOf(target)
    const authorization = basicAuthorization(proxy)
    const { host, port } = endpointOf(proxy)
    const secure = proxy.protocol === 'https:'
    // The connection to the proxy is made here, TLS to it for an https:// one, with no agent:
    // Node's would open its own plain one instead.
    const request = http().request({
      method: 'CONNECT',
      path: authority,
      headers: {
        host: authority,
        ...(authorization === null ? {} : { 'proxy-authorization': authorization }),
      },
      createConnection: () =>
        secure
          ? tls().connect({
              host,
              port,
              servername: net().isIP(host) === 0 ? host : undefined,
              ...(proxyTrust === undefined ? {} : { secureContext: proxyTrust }),
            })
          : net().connect({ host, port }),
    })
    // Given up at the signal while the tunnel opens, never after: a tunnel kept for the next call
    // is not ended by this one's signal.
    const onAbort = () => request.destroy(abortError(signal))
    signal.addEventListener('abort', onAbort, { once: true })
    // Node gives every answer to CONNECT here, a refusal as well as a tunnel.
    request.once('connect', (response, socket, head) => {
      signal.removeEventListener('abort', onAbort)
      const status = response.statusCode ?? 0
      if (status >= 200 && status < 300) {
        if (head.length > 0) socket.unshift(head)
        resolve(socket)
        return
      }
      socket.destroy()
      reject(refusal(response))
    })
    request.once('error', (error: Error & { code?: unknown }) => {
      signal.removeEventListener('abort', onAbort)
      // The service's own handshake has not begun: a TLS failure here is the proxy's.
      const ofProxy = secure && typeof error.code === 'string' && TLS_FAILURE.test(error.code)
      reject(ofProxy ? new ProxyCertificateRefused(error) : error)
    })
    request.end()
  })
}

const TLS_FAILURE = /CERT|SELF_SIGNED|UNABLE_TO|^ERR_TLS|^ERR_SSL|^EPROTO$/

function refusal(response: IncomingMessage): TunnelRefused {
  const challenges = response.headers['proxy-authenticate']
  const header = Array.isArray(challenges) ? challenges.join(', ') : challenges
  return new TunnelRefused(response.statusCode ?? 0, offeredSchemes(header))
}

async function socksTunnel(proxy: URL, target: TunnelTarget, signal: AbortSignal): Promise<Duplex> {
  // The connection to the proxy is the console's own, so that an abort can destroy it mid-way;
  // made before the library is given it, so that a refusal is told as the proxy's (ECONNREFUSED).
  const socket = net().connect(endpointOf(proxy))
  const onAbort = () => socket.destroy(abortError(signal))
  await new Promise<void>((resolve, reject) => {
    signal.addEventListener('abort', onAbort, { once: true })
    socket.once('connect', resolve).once('error', reject)
  }).finally(() => {
    signal.removeEventListener('abort', onAbort)
    socket.removeAllListeners('connect')
  })
  return socksOver(socket, proxy, target, signal)
}

/** SOCKS5 carries a user name and a password of at most 255 bytes each. */
const fitsSocks = (text: string) => Buffer.byteLength(text) <= 255

// The library's words for a refusal that asking again will not change: a login, or rules.
const FINAL_SOCKS = /auth|NotAllowed/i

/**
 * SOCKS5's greeting, login and CONNECT over a connection to the proxy (the console's own: an
 * abort destroys it, whatever step the proxy is at). Resolves to the same connection, now a
 * tunnel to the target.
 */
export async function socksOver(
  carrier: Duplex,
  proxyUrl: string | URL,
  target: TunnelTarget,
  signal: AbortSignal,
): Promise<Duplex> {
  const proxy = new URL(proxyUrl)
  const login = loginOf(proxy)
  if (login !== null && !(fitsSocks(login.user) && fitsSocks(login.password))) {
    carrier.destroy()
    throw new SocksRefused(
      'its user name or password is longer than the 255 bytes SOCKS5 allows',
      true,
    )
  }
  const onAbort = () => carrier.destroy(abortError(signal))
  signal.addEventListener('abort', onAbort, { once: true })
  if (signal.aborted) onAbort()
  // The connection's own failure (ECONNRESET...), which the library words away.
  let broken: Error | undefined
  carrier.once('error', (error) => (broken ??= error))
  // Read through a call: set by the listener above, whatever the checks before have seen.
  const brokenNow = () => broken
  try {
    // A name the console looks up fails as a lookup (ENOTFOUND), not as the proxy's refusal.
    const destination =
      proxy.protocol === 'socks5h:' ? target.host : await lookedUp(target.host, signal)
    // Loaded by the first SOCKS call alone: a command-line start pays nothing for it.
    const { SocksClient } = await import('socks')
    const early = brokenNow()
    if (early !== undefined) throw early
    try {
      const { socket } = await SocksClient.createConnection({
        proxy: {
          ...endpointOf(proxy),
          type: 5,
          ...(login === null ? {} : { userId: login.user, password: login.password }),
        },
        command: 'connect',
        destination: { host: destination, port: target.port },
        existing_socket: carrier,
        // The call's deadline ends it (the abort above), not the library's own 30 s.
        timeout: 2 ** 31 - 1,
      })
      return socket
    } catch (error) {
      if (signal.aborted || brokenNow() !== undefined) throw error
      const reason = error instanceof Error ? error.message : String(error)
      throw new SocksRefused(reason, FINAL_SOCKS.test(reason))
    }
  } catch (error) {
    carrier.destroy()
    throw signal.aborted ? abortError(signal) : (brokenNow() ?? error)
  } finally {
    signal.removeEventListener('abort', onAbort)
  }
}

/** socks5:// resolves names here, as curl does; the lookup is given up on at the deadline. */
async function lookedUp(host: string, signal: AbortSignal): Promise<string> {
  if (net().isIP(host) !== 0) return host
  const { lookup } = await import('node:dns/promises')
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(abortError(signal))
    signal.addEventListener('abort', onAbort, { once: true })
    lookup(host).then(
      ({ address }) => (signal.removeEventListener('abort', onAbort), resolve(address)),
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort)
        reject(error instanceof Error ? error : new Error(String(error)))
      },
    )
  })
}
