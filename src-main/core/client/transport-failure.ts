import { said, type Said, type SharedMessageKey } from '../../../src-shared/messages'
import { Withdrawn } from './call-withdrawal'
import { NotConnected } from './http-request'
import { ClientCertificateRefused } from '../network/certificate-refusal'
import { proxyFailure } from '../network/proxy-failure'
import { ProxyCertificateRefused, SocksRefused, TunnelRefused } from '../network/tunnel'
import type { Route } from '../network/route'

/** No HTTP answer: `sent` tells whether the request may have reached the service. */
export class TransportFailure extends Error {
  constructor(
    readonly kind: 'TIMEOUT' | 'NETWORK',
    readonly sent: boolean,
    readonly said: Said,
    /**
     * Trying again cannot mend it: the service's certificate or TLS handshake was refused, or a
     * proxy's (or a proxy refused the tunnel for good). A bulk run stops at it.
     */
    readonly tls = false,
  ) {
    super(said.text)
  }
}

/** Codes a connection attempt alone gives, whichever transport reports them. */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
])

/** OpenSSL's certificate checks, as Node names them, in words a person can act on. */
const CERTIFICATE_PROBLEMS = new Map<string, SharedMessageKey>([
  ['DEPTH_ZERO_SELF_SIGNED_CERT', 'tlsSelfSigned'],
  ['SELF_SIGNED_CERT_IN_CHAIN', 'tlsSelfSigned'],
  ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'tlsUnknownIssuer'],
  ['UNABLE_TO_GET_ISSUER_CERT', 'tlsUnknownIssuer'],
  ['UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'tlsUnknownIssuer'],
  ['CERT_UNTRUSTED', 'tlsUnknownIssuer'],
  ['CERT_HAS_EXPIRED', 'tlsExpired'],
  ['CERT_NOT_YET_VALID', 'tlsNotYetValid'],
  ['ERR_TLS_CERT_ALTNAME_INVALID', 'tlsWrongHost'],
  ['HOSTNAME_MISMATCH', 'tlsWrongHost'],
  ['CERT_REVOKED', 'tlsRevoked'],
])
/** The rest of those checks' codes. Each fails the handshake, before the request is written. */
const CERTIFICATE_CODE =
  /^(?:CERT_|CRL_|UNABLE_TO_|ERROR_IN_|ERR_TLS_CERT_|INVALID_CA$|INVALID_PURPOSE$|PATH_LENGTH_EXCEEDED$)/
/** TLS errors that may also come after the handshake: a refused handshake only when unconnected. */
const TLS_CODE = /^(?:ERR_SSL_|ERR_TLS_|EPROTO$)/

function errorCode(error: unknown): string | undefined {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined
  return typeof code === 'string' ? code : undefined
}

function tlsProblem(code: string, connected: boolean): SharedMessageKey | undefined {
  const known = CERTIFICATE_PROBLEMS.get(code)
  if (known !== undefined) return known
  if (CERTIFICATE_CODE.test(code)) return 'tlsCertificateUnverified'
  return !connected && TLS_CODE.test(code) ? 'tlsHandshakeFailed' : undefined
}

/**
 * Why no answer came back, told as what it is: a deadline, a refused certificate or handshake
 * (nothing sent), a connection never made (nothing sent), or one lost after the request may
 * have left.
 */
export function transportFailure(
  error: unknown,
  baseUrl: string,
  timeoutMs: number,
  timedOut: boolean,
  /** How the call left: through a proxy, whose refusals are told as the proxy's. */
  route?: Route,
): TransportFailure {
  const connected = !(error instanceof NotConnected)
  if (!connected && error.cause instanceof Withdrawn)
    return new TransportFailure('NETWORK', false, said('withdrawn', { url: baseUrl }))
  if (!connected && error.cause instanceof ClientCertificateRefused) {
    const { code, showed } = error.cause
    const key = showed ? 'clientCertificateRefusedCall' : 'clientCertificateWantedCall'
    return new TransportFailure('NETWORK', false, said(key, { url: baseUrl, code }), true)
  }
  const seconds = timeoutMs / 1000
  if (timedOut) {
    return connected
      ? new TransportFailure('TIMEOUT', true, said('noAnswerWithin', { seconds }))
      : new TransportFailure(
          'TIMEOUT',
          false,
          said('notConnectedWithin', { url: baseUrl, seconds }),
        )
  }
  const code = errorCode(error)
  const cause = error instanceof NotConnected ? error.cause : error
  if (route?.via === 'proxy' && cause instanceof ProxyCertificateRefused) {
    const host = new URL(route.shownAs).hostname
    const problem = said(tlsProblem(cause.code, false) ?? 'tlsCertificateUnverified', { host })
    const message = said('proxyTlsRefused', { proxy: route.shownAs, problem, code: cause.code })
    return new TransportFailure('NETWORK', false, message, true)
  }
  if (route?.via === 'proxy' && cause instanceof SocksRefused) {
    const message = said('proxySocksRefused', {
      proxy: route.shownAs,
      url: baseUrl,
      reason: cause.message,
    })
    return new TransportFailure('NETWORK', false, message, cause.final)
  }
  const offered = cause instanceof TunnelRefused ? cause.offered : undefined
  const byProxy =
    route?.via !== 'proxy' || connected
      ? null
      : proxyFailure(code, error instanceof Error ? error.message : '', baseUrl, route, offered)
  // A proxy's refusal is its last word (a login it wants, its rules, a service it cannot reach):
  // asking again at once changes nothing. Only a proxy that is busy (503) or slow (504) may be.
  const final = cause instanceof TunnelRefused && cause.status !== 503 && cause.status !== 504
  if (byProxy !== null) return new TransportFailure('NETWORK', false, byProxy, final)
  const problem = code === undefined ? undefined : tlsProblem(code, connected)
  if (code !== undefined && problem !== undefined) {
    const host = new URL(baseUrl).hostname
    const message = said('tlsRefused', {
      url: baseUrl,
      problem: said(problem, { host }),
      code,
    })
    return new TransportFailure('NETWORK', false, message, true)
  }
  const sent = connected && (code === undefined || !NOT_SENT_CODES.has(code))
  const message = code
    ? said('unreachableCode', { url: baseUrl, code })
    : said('unreachable', { url: baseUrl })
  return new TransportFailure('NETWORK', sent, message)
}
