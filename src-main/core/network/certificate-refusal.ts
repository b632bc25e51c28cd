import type { TLSSocket } from 'node:tls'

/**
 * Alerts a service sends at the handshake about the client certificate it was shown, or wanted
 * (RFC 8446 §6.2), as Node names OpenSSL's reasons.
 */
const CERTIFICATE_ALERT =
  /_ALERT_(?:CERTIFICATE_REQUIRED|BAD_CERTIFICATE|UNSUPPORTED_CERTIFICATE|CERTIFICATE_REVOKED|CERTIFICATE_EXPIRED|CERTIFICATE_UNKNOWN|UNKNOWN_CA|ACCESS_DENIED|HANDSHAKE_FAILURE)$/
const CLOSED = new Set(['ECONNRESET', 'EPIPE', 'ERR_SSL_UNEXPECTED_EOF_WHILE_READING'])

/**
 * Whether a call that failed after its handshake looked done was refused at that handshake, so
 * the service never read it. TLS 1.3 lets a client send its request before the service has
 * checked the client certificate: a refusal then comes as one of these alerts, which a service
 * sends only at the handshake. A bare close is not enough for a call: it may also come after the
 * service read the request, and a Create told "not sent" would be sent again.
 */
export const alertedAtHandshake = (code: string): boolean => CERTIFICATE_ALERT.test(code)

/** Whether this side has a client certificate to show (the environment's, configured). */
export const hasClientCertificate = (socket: TLSSocket): boolean =>
  Object.keys(socket.getCertificate() ?? {}).length > 0

/** What a new TLS connection had shown by the time a probe on it ended. */
export interface FreshTls {
  tls13: boolean
  hasCertificate: boolean
  /** The service sent a session ticket: it had finished its side of the handshake. */
  ticket: boolean
}

/** Watches a TLS connection from the end of its handshake, for `closedAtHandshake`. */
export function watchFresh(socket: TLSSocket): FreshTls {
  const fresh: FreshTls = {
    tls13: socket.getProtocol() === 'TLSv1.3',
    hasCertificate: hasClientCertificate(socket),
    ticket: false,
  }
  socket.once('session', () => (fresh.ticket = true))
  return fresh
}

/**
 * For Test connection's probe, which sends no request of the service's: a close with no answer,
 * on a TLS 1.3 connection with a client certificate, before any session ticket, is the service
 * refusing that certificate. Some services refuse so (Node's among them); one that accepts the
 * certificate sends its tickets first (OpenSSL-based services do).
 */
export function closedAtHandshake(code: string, fresh: FreshTls | null): boolean {
  return fresh !== null && fresh.tls13 && fresh.hasCertificate && !fresh.ticket && CLOSED.has(code)
}

/** The service refused this side's client certificate, or wanted one, at the handshake. */
export class ClientCertificateRefused extends Error {
  constructor(
    readonly code: string,
    /** Whether this side had a certificate to show (refused), or none (wanted). */
    readonly showed: boolean,
  ) {
    super(`the client certificate was refused at the handshake (${code})`)
  }
}
