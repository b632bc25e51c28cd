import { X509Certificate } from 'node:crypto'
import { lookup } from 'node:dns'
import { connect as connectTcp, isIP, type Socket } from 'node:net'
import type { Duplex } from 'node:stream'
import {
  checkServerIdentity,
  connect as connectTls,
  type SecureContext,
  type TLSSocket,
} from 'node:tls'
import { refusedAtHandshake, watchFresh, type FreshTls } from '../certificate-refusal'
import { offeredSchemes } from '../proxy-failure'
import { summaryOf } from '../tls-files'
import { DEADLINE } from './network-failures'
import type { SeenCertificate } from './tls-judgement'
import { http } from '../../lazy-builtins'

/** A probe's result: what it found, or the error code (or DEADLINE) it stopped with. */
export type Probe<T> = { ok: true; value: T } | { ok: false; code: string }

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : 'EUNKNOWN'
}

/**
 * Runs one probe until it settles or `ms` pass; on the deadline `abandon` (what `start` returns)
 * drops whatever the probe holds. Later events of an abandoned or settled probe are ignored.
 */
export function within<T>(
  ms: number,
  start: (settle: (result: Probe<T>) => void) => () => void,
): Promise<Probe<T>> {
  return new Promise((resolve) => {
    let settled = false
    const settle = (result: Probe<T>) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve(result)
    }
    const timer = setTimeout(() => {
      abandon()
      settle({ ok: false, code: DEADLINE })
    }, ms)
    const abandon = start(settle)
  })
}

/** The addresses the OS's resolver (getaddrinfo, as Node's agents use it) gives a host. */
export function lookupHost(host: string, ms: number): Promise<Probe<string[]>> {
  return within(ms, (settle) => {
    lookup(host, { all: true }, (error, addresses) => {
      settle(
        error === null
          ? { ok: true, value: addresses.map(({ address }) => address) }
          : { ok: false, code: codeOf(error) },
      )
    })
    // A lookup cannot be called off: its late answer is ignored.
    return () => undefined
  })
}

/**
 * A TCP connection to a host, made as Node's agents make it: each of its addresses tried in turn
 * (IPv6 and IPv4 alike, "happy eyeballs"). The caller destroys it.
 */
export function openSocket(host: string, port: number, ms: number): Promise<Probe<Socket>> {
  return within(ms, (settle) => {
    const socket = connectTcp({ host, port })
    // Kept on: an error after the connection is settled belongs to the next probe, which listens.
    socket.on('error', (error) => {
      socket.destroy()
      settle({ ok: false, code: codeOf(error) })
    })
    socket.once('connect', () => settle({ ok: true, value: socket }))
    return () => socket.destroy()
  })
}

/** TLS to an https proxy, with the trust its calls use (the environment's). */
export function secureToProxy(
  socket: Duplex,
  host: string,
  trust: SecureContext | undefined,
  ms: number,
): Promise<Probe<Duplex>> {
  return within(ms, (settle) => {
    const secured = connectTls({
      socket,
      host,
      ...(isIP(host) === 0 ? { servername: host } : {}),
      ...(trust === undefined ? {} : { secureContext: trust }),
    })
    secured.on('error', (error) => settle({ ok: false, code: codeOf(error) }))
    secured.once('secureConnect', () => settle({ ok: true, value: secured }))
    return () => secured.destroy()
  })
}

export interface TunnelAnswer {
  status: number
  tunnel: Duplex
  /** The login schemes its Proxy-Authenticate headers offer (a 407's). */
  offered: string[]
}

/**
 * Asks the proxy for a tunnel to `target` (host:port) over a connection to it, with its Basic
 * credentials when it has them: the proxy's status, the logins it offers, and the tunnel when it
 * opened one.
 */
export function openTunnel(
  carrier: Duplex,
  target: string,
  authorization: string | null,
  ms: number,
): Promise<Probe<TunnelAnswer>> {
  return within(ms, (settle) => {
    const asked = http().request({
      method: 'CONNECT',
      path: target,
      // Its own connection, already made: no agent, no pool.
      createConnection: () => carrier,
      headers: {
        host: target,
        ...(authorization === null ? {} : { 'proxy-authorization': authorization }),
      },
    })
    asked.once('connect', (response, tunnel) => {
      response.resume()
      const offered = offeredSchemes(response.headers['proxy-authenticate'])
      settle({ ok: true, value: { status: response.statusCode ?? 0, tunnel, offered } })
    })
    asked.on('error', (error) => settle({ ok: false, code: codeOf(error) }))
    asked.end()
    return () => asked.destroy()
  })
}

/**
 * A peer certificate as Node gives it at run time: an empty object when there is none, and a
 * chain that may stop without its root, or point back to itself at the root.
 */
interface LinkedCertificate {
  raw?: Buffer
  fingerprint256?: string
  issuerCertificate?: LinkedCertificate
}

/** The certificates of a handshake, the service's first, each issuer once. */
function chainOf(socket: TLSSocket): X509Certificate[] {
  const chain: X509Certificate[] = []
  const seen = new Set<string | undefined>()
  let certificate: LinkedCertificate | undefined = socket.getPeerCertificate(true)
  while (certificate?.raw !== undefined && !seen.has(certificate.fingerprint256)) {
    seen.add(certificate.fingerprint256)
    chain.push(new X509Certificate(certificate.raw))
    certificate = certificate.issuerCertificate
  }
  return chain
}

function seenOf(socket: TLSSocket, host: string): SeenCertificate {
  const chain = chainOf(socket)
  const leaf = chain[0]
  const error = socket.authorizationError as unknown
  return {
    chain: chain.map((certificate) => summaryOf(certificate)),
    authorizationError: error instanceof Error ? codeOf(error) : (error as string | null) || null,
    hostMatches: checkServerIdentity(host, socket.getPeerCertificate()) === undefined,
    names: leaf?.subjectAltName ?? leaf?.subject.replaceAll('\n', ', ') ?? '',
  }
}

export interface Handshake {
  seen: SeenCertificate
  /**
   * The code of the alert the service sent once the handshake looked done, if it sent one: TLS 1.3
   * refuses a missing or unknown client certificate only then, at the first read.
   */
  refusedAfter: string | null
}

export interface HandshakeTarget {
  host: string
  hostHeader: string
  secureContext: SecureContext | undefined
}

/**
 * A TLS handshake over a connection made (straight, or a proxy's tunnel), with the environment's
 * own trust and client certificate. Refusal is left to the judgement (rejectUnauthorized off), so
 * the chain can be shown whatever it is. A certificate the environment trusts is then read from
 * once, with a request that carries no secret (HEAD /): where the service refuses the client
 * certificate after the handshake, that first read is where it says so.
 */
export function handshake(
  carrier: Duplex,
  target: HandshakeTarget,
  trusted: (seen: SeenCertificate) => boolean,
  ms: number,
): Promise<Probe<Handshake>> {
  return within(ms, (settle) => {
    const socket = connectTls({
      socket: carrier,
      // The name Node checks the certificate for (its own check's verdict is the judgement's too).
      host: target.host,
      secureContext: target.secureContext,
      rejectUnauthorized: false,
      ALPNProtocols: ['http/1.1'],
      ...(isIP(target.host) === 0 ? { servername: target.host } : {}),
    })
    let seen: SeenCertificate | undefined
    // Nothing more is read or written once it is judged.
    const finish = (result: Probe<Handshake>) => {
      settle(result)
      socket.destroy()
    }
    const failure = (code: string) =>
      finish(
        seen === undefined
          ? { ok: false, code }
          : { ok: true, value: { seen, refusedAfter: code } },
      )
    const done = () => {
      if (seen !== undefined) finish({ ok: true, value: { seen, refusedAfter: null } })
    }
    socket.on('error', (error) => failure(codeOf(error)))
    // Closed with no answer after a handshake that showed a client certificate: refused (a call
    // is judged the same way, certificate-refusal.ts).
    let fresh: FreshTls | null = null
    const closed = () => (refusedAtHandshake('ECONNRESET', fresh) ? failure('ECONNRESET') : done())
    socket.once('close', () => (seen === undefined ? failure('ECONNRESET') : closed()))
    socket.once('secureConnect', () => {
      seen = seenOf(socket, target.host)
      if (!trusted(seen)) return done()
      fresh = watchFresh(socket)
      socket.once('data', done)
      socket.once('end', closed)
      socket.write(`HEAD / HTTP/1.1\r\nHost: ${target.hostHeader}\r\nConnection: close\r\n\r\n`)
    })
    // A handshake done in time is not undone by a service slow to answer that request.
    return () => (seen === undefined ? socket.destroy() : done())
  })
}
