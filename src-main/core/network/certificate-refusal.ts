import type { TLSSocket } from 'node:tls'

/**
 * Alerts a service sends at the handshake about the client certificate it was shown, or wanted
 * (RFC 8446 §6.2), as Node names OpenSSL's reasons.
 */
const CERTIFICATE_ALERT =
  /_ALERT_(?:CERTIFICATE_REQUIRED|BAD_CERTIFICATE|UNSUPPORTED_CERTIFICATE|CERTIFICATE_REVOKED|CERTIFICATE_EXPIRED|CERTIFICATE_UNKNOWN|UNKNOWN_CA|ACCESS_DENIED|HANDSHAKE_FAILURE)$/
const CLOSED = new Set(['ECONNRESET', 'EPIPE', 'ERR_SSL_UNEXPECTED_EOF_WHILE_READING'])

/** What a new TLS connection had shown by the time a call on it failed. */
export interface FreshTls {
  tls13: boolean
  /** This side sent a client certificate: the service asked for one. */
  showedCertificate: boolean
  /** The service sent a session ticket: it had finished its side of the handshake. */
  ticket: boolean
}

/** Watches a TLS connection from the end of its handshake, for `refusedAtHandshake`. */
export function watchFresh(socket: TLSSocket): FreshTls {
  const fresh: FreshTls = {
    tls13: socket.getProtocol() === 'TLSv1.3',
    showedCertificate: Object.keys(socket.getCertificate() ?? {}).length > 0,
    ticket: false,
  }
  socket.once('session', () => (fresh.ticket = true))
  return fresh
}

/**
 * Whether a call that failed on a new connection, after its handshake looked done, was refused at
 * that handshake, so the service never read it. TLS 1.3 lets a client send its request before the
 * service has checked the client certificate: the refusal then comes as an alert right after, or,
 * from some services (Node's among them), as the connection closed. A service that accepts the
 * certificate sends its session tickets first (OpenSSL's servers do): so a close before any ticket
 * or answer, on a connection that showed a certificate, is a refusal of it.
 */
export function refusedAtHandshake(code: string | undefined, fresh: FreshTls | null): boolean {
  if (fresh === null || code === undefined) return false
  if (CERTIFICATE_ALERT.test(code)) return true
  return fresh.tls13 && fresh.showedCertificate && !fresh.ticket && CLOSED.has(code)
}

/** The service refused this side's client certificate, or wanted one, at the handshake. */
export class ClientCertificateRefused extends Error {
  constructor(
    readonly code: string,
    /** Whether a certificate was shown (refused), or none was (wanted). */
    readonly showed: boolean,
  ) {
    super(`the client certificate was refused at the handshake (${code})`)
  }
}
