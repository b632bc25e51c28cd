import type { CertificateSummary, TlsSetting } from '../../../../src-shared/environments'
import type { TlsFinding } from '../../../../src-shared/ipc'
import { said, type Said } from '../../../../src-shared/messages'
import { DEADLINE } from './network-failures'

export type TrustKind = TlsFinding['trustedBy']

/** Which authorities an environment's TLS settings make the judges of its service's certificate. */
export function trustOf(tls: TlsSetting): TrustKind {
  if (tls.caFile === null) return 'default'
  return tls.caOnly ? 'ca-file-only' : 'default-and-ca-file'
}

const TRUST_SAID = {
  default: 'trustDefault',
  'default-and-ca-file': 'trustDefaultAndFile',
  'ca-file-only': 'trustFileOnly',
} as const

/** What the handshake showed of the service's certificate, as OpenSSL and Node judged it. */
export interface SeenCertificate {
  /** The service's certificate first, then each issuer as far as the chain goes. */
  chain: CertificateSummary[]
  /** OpenSSL's verdict on the chain (UNABLE_TO_VERIFY_LEAF_SIGNATURE...), null when trusted. */
  authorizationError: string | null
  /** Whether the certificate names the host (tls.checkServerIdentity). */
  hostMatches: boolean
  /** The names it gives (its subjectAltName, else its subject), for a wrong host. */
  names: string
}

// The chain ends in an authority the trusted ones do not include: a company's inspecting proxy
// or a private CA, whichever code OpenSSL found it with.
const UNKNOWN_ISSUER = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'CERT_UNTRUSTED',
])

// Node reports its host name check in the same field once the chain itself passed: a verdict on
// the name (hostMatches), not on the chain.
const WRONG_HOST = new Set(['ERR_TLS_CERT_ALTNAME_INVALID', 'HOSTNAME_MISMATCH'])

const day = (iso: string) => iso.slice(0, 10)

function chainFailure(seen: SeenCertificate, host: string, trust: Said): Said | null {
  const code = seen.authorizationError
  const leaf = seen.chain[0]
  if (code === null || WRONG_HOST.has(code)) return null
  if (UNKNOWN_ISSUER.has(code)) {
    const issuer = seen.chain.at(-1)?.issuer ?? '?'
    const alone = seen.chain.length === 1 && leaf?.issuer !== leaf?.subject
    return said(alone ? 'tlsUntrustedIssuerAlone' : 'tlsUntrustedIssuer', {
      host,
      issuer,
      trust,
      code,
    })
  }
  if (code === 'DEPTH_ZERO_SELF_SIGNED_CERT')
    return said('tlsSelfSignedStep', { host, subject: leaf?.subject ?? '?', trust, code })
  if (code === 'CERT_HAS_EXPIRED') {
    const expired = seen.chain.find((certificate) => certificate.expired) ?? leaf
    const date = expired === undefined ? '?' : day(expired.validTo)
    return said('tlsExpiredStep', { host, subject: expired?.subject ?? '?', date, code })
  }
  if (code === 'CERT_NOT_YET_VALID')
    return said('tlsNotYetValidStep', { host, subject: leaf?.subject ?? '?', code })
  const problem = code === 'CERT_REVOKED' ? said('tlsRevoked') : said('tlsCertificateUnverified')
  return said('tlsCertificateRefused', { host, problem, code })
}

/**
 * How the environment's trust judged the certificate, and why it refused it when it did: the
 * chain's own faults first (a person can fix the trust, the service must fix its dates), then the
 * host it names. `accepted` is the chain's verdict alone: a trusted chain for another host is
 * told as a wrong name, never as a missing CA file.
 */
export function judgeCertificate(
  seen: SeenCertificate,
  host: string,
  trustedBy: TrustKind,
): { finding: TlsFinding; failure: Said | null } {
  const chainFault = chainFailure(seen, host, said(TRUST_SAID[trustedBy]))
  const failure =
    chainFault ?? (seen.hostMatches ? null : said('tlsWrongHostStep', { host, names: seen.names }))
  return {
    finding: {
      chain: seen.chain,
      hostMatches: seen.hostMatches,
      trustedBy,
      accepted: chainFault === null,
    },
    failure,
  }
}

/** The step's words when the certificate was accepted. */
export function acceptedSaid(finding: TlsFinding, host: string): Said {
  const validTo = finding.chain[0]?.validTo ?? ''
  return said('tlsAccepted', {
    host,
    trust: said(TRUST_SAID[finding.trustedBy]),
    validTo: day(validTo),
  })
}

// Alerts a service sends about the client certificate it was shown (RFC 8446 §6.2), as Node
// names OpenSSL's reasons: "sslv3 alert ..." before OpenSSL 3, "ssl/tls alert ..." since.
const HANDSHAKE_FAILURE = /^ERR_SSL_(?:SSLV3|SSL\/TLS)_ALERT_HANDSHAKE_FAILURE$/
const CLIENT_CERTIFICATE_ALERT =
  /_ALERT_(?:BAD_CERTIFICATE|UNSUPPORTED_CERTIFICATE|CERTIFICATE_REVOKED|CERTIFICATE_EXPIRED|CERTIFICATE_UNKNOWN|UNKNOWN_CA|ACCESS_DENIED)$/
const NOT_TLS = new Set(['ERR_SSL_WRONG_VERSION_NUMBER', 'ERR_SSL_PACKET_LENGTH_TOO_LONG'])
const NO_SHARED_VERSION = new Set([
  'ERR_SSL_UNSUPPORTED_PROTOCOL',
  'ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION',
  'ERR_SSL_NO_PROTOCOLS_AVAILABLE',
])
const CLOSED = new Set(['ECONNRESET', 'EPIPE', 'ERR_SSL_UNEXPECTED_EOF_WHILE_READING'])

/**
 * Why a TLS handshake failed, or the connection right after it (TLS 1.3 sends a refused client
 * certificate's alert once the client thinks the handshake is done). `hasClientCertificate`
 * tells a certificate that is missing from one that was refused.
 */
export function handshakeFailure(
  code: string,
  where: { host: string; target: string },
  hasClientCertificate: boolean,
  seconds: number,
): Said {
  const { host, target } = where
  if (code === DEADLINE) return said('tlsTimedOut', { host, seconds })
  if (code === 'ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED')
    return hasClientCertificate
      ? said('clientCertificateRefused', { host, code })
      : said('clientCertificateRequired', { host, code })
  if (HANDSHAKE_FAILURE.test(code))
    return hasClientCertificate
      ? said('handshakeRefused', { host, code })
      : said('handshakeRefusedNoCertificate', { host, code })
  if (CLIENT_CERTIFICATE_ALERT.test(code))
    return hasClientCertificate
      ? said('clientCertificateRefused', { host, code })
      : said('handshakeRefusedNoCertificate', { host, code })
  if (NOT_TLS.has(code)) return said('tlsNotSpoken', { target, code })
  if (NO_SHARED_VERSION.has(code)) return said('tlsNoSharedVersion', { host, code })
  if (CLOSED.has(code)) return said('tlsClosed', { host, code })
  return said('tlsFailed', { host, code })
}

/**
 * A refusal that came once the handshake looked done: an alert, or a close the probe found to
 * refuse the client certificate (`closedOnCertificate`, certificate-refusal.ts).
 */
export function lateRefusal(
  code: string,
  where: { host: string; target: string },
  hasClientCertificate: boolean,
  closedOnCertificate: boolean,
  seconds: number,
): Said {
  if (closedOnCertificate) return said('clientCertificateRefused', { host: where.host, code })
  return handshakeFailure(code, where, hasClientCertificate, seconds)
}
