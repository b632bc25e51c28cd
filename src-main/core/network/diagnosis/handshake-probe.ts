import { X509Certificate } from 'node:crypto'
import { isIP } from 'node:net'
import type { Duplex } from 'node:stream'
import type { SecureContext, TLSSocket } from 'node:tls'
import { closedAtHandshake, watchFresh, type FreshTls } from '../certificate-refusal'
import { tls } from '../lazy-builtins'
import { summaryOf } from '../tls-files'
import { codeOf, within, type Probe } from './probes'
import type { SeenCertificate } from './tls-judgement'

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
    hostMatches: tls().checkServerIdentity(host, socket.getPeerCertificate()) === undefined,
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
  /** Whether that was a close that refused the client certificate (certificate-refusal.ts). */
  closedOnCertificate: boolean
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
    const socket = tls().connect({
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
    let fresh: FreshTls | null = null
    const failure = (code: string) =>
      finish(
        seen === undefined
          ? { ok: false, code }
          : {
              ok: true,
              value: {
                seen,
                refusedAfter: code,
                closedOnCertificate: closedAtHandshake(code, fresh),
              },
            },
      )
    const done = () => {
      if (seen !== undefined)
        finish({ ok: true, value: { seen, refusedAfter: null, closedOnCertificate: false } })
    }
    socket.on('error', (error) => failure(codeOf(error)))
    const closed = () => (closedAtHandshake('ECONNRESET', fresh) ? failure('ECONNRESET') : done())
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
