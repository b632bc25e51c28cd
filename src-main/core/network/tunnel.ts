import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import type { SecureContext } from 'node:tls'
import { http, net, tls } from '../lazy-builtins'
import { offeredSchemes } from './proxy-failure'

/** The proxy schemes the console speaks; any other is refused before a byte is sent. */
export const PROXY_SCHEMES = ['http:', 'https:', 'socks5:', 'socks5h:'] as const

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
export class SocksRefused extends Error {}

export interface TunnelTarget {
  host: string
  port: number
}

const unbracketed = (host: string) => host.replace(/^\[(.*)\]$/, '$1')

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
    const authority = `${target.host.includes(':') ? `[${target.host}]` : target.host}:${target.port}`
    const headers: Record<string, string> = { host: authority }
    if (proxy.username !== '') {
      const login = `${decodeURIComponent(proxy.username)}:${decodeURIComponent(proxy.password)}`
      headers['proxy-authorization'] = `Basic ${Buffer.from(login).toString('base64')}`
    }
    const host = unbracketed(proxy.hostname)
    const port = Number(proxy.port || (proxy.protocol === 'https:' ? 443 : 80))
    const secure = proxy.protocol === 'https:'
    const request = http().request({
      host,
      port,
      method: 'CONNECT',
      path: authority,
      headers,
      agent: false,
      signal,
      ...(secure
        ? {
            createConnection: () =>
              tls().connect({
                host,
                port,
                servername: net().isIP(host) === 0 ? host : undefined,
                ...(proxyTrust === undefined ? {} : { secureContext: proxyTrust }),
              }),
          }
        : {}),
    })
    request.once('connect', (response, socket, head) => {
      const status = response.statusCode ?? 0
      if (status >= 200 && status < 300) {
        if (head.length > 0) socket.unshift(head)
        resolve(socket)
        return
      }
      socket.destroy()
      reject(refusal(response))
    })
    request.once('response', (response) => {
      // Some proxies answer a refused CONNECT as an ordinary response.
      response.resume()
      reject(refusal(response))
    })
    request.once('error', (error: Error & { code?: unknown }) => {
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
  // The connection to the proxy is the console's own, so that an abort can destroy it mid-way.
  const socket = net().connect({ host: unbracketed(proxy.hostname), port: socksPort(proxy) })
  return socksOver(socket, proxy, target, signal)
}

const socksPort = (proxy: URL) => Number(proxy.port || 1080)

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
  const onAbort = () => carrier.destroy(abortError(signal))
  signal.addEventListener('abort', onAbort, { once: true })
  // The connection's own failure (ECONNREFUSED...), which the library words away.
  let broken: Error | undefined
  carrier.once('error', (error) => (broken ??= error))
  try {
    const destination =
      proxy.protocol === 'socks5h:' ? target.host : await lookedUp(target.host, signal)
    // Loaded by the first SOCKS call alone: a command-line start pays nothing for it.
    const { SocksClient } = await import('socks')
    const { socket } = await SocksClient.createConnection({
      proxy: {
        host: unbracketed(proxy.hostname),
        port: socksPort(proxy),
        type: 5,
        ...(proxy.username === ''
          ? {}
          : {
              userId: decodeURIComponent(proxy.username),
              password: decodeURIComponent(proxy.password),
            }),
      },
      command: 'connect',
      destination: { host: destination, port: target.port },
      existing_socket: carrier,
    })
    return socket
  } catch (error) {
    carrier.destroy()
    if (signal.aborted) throw abortError(signal)
    if (broken !== undefined) throw broken
    throw new SocksRefused(error instanceof Error ? error.message : String(error))
  } finally {
    signal.removeEventListener('abort', onAbort)
  }
}

/** socks5:// resolves names here, as curl does; the lookup is given up on at the deadline. */
async function lookedUp(host: string, signal: AbortSignal): Promise<string> {
  if (net().isIP(host) !== 0) return host
  const { lookup } = await import('node:dns/promises')
  const aborted = new Promise<never>((_, reject) =>
    signal.addEventListener('abort', () => reject(abortError(signal)), { once: true }),
  )
  const { address } = await Promise.race([lookup(host), aborted])
  return address
}
