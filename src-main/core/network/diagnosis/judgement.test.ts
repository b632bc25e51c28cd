import { describe, expect, it } from 'vitest'
import { said } from '../../../../src-shared/messages'
import { connectFailure, DEADLINE, lookupFailure, tunnelFailure } from './network-failures'
import { planOf, targetOf } from './plan'
import { handshakeFailure, judgeCertificate, trustOf, type SeenCertificate } from './tls-judgement'

const which = said('whichServiceUrl')

describe('where the probes go', () => {
  it('straight: the service, its default port, no proxy', () => {
    expect(planOf('https://api.example.com/base', { via: 'direct', because: 'setting' })).toEqual({
      service: { host: 'api.example.com', port: 443, secure: true, hostHeader: 'api.example.com' },
      proxy: null,
      because: 'setting',
    })
  })

  it('through a proxy: its name and password become Basic, and are not shown', () => {
    const plan = planOf('https://[::1]:8443', {
      via: 'proxy',
      proxyUrl: 'http://ana%40corp:p%3Ass@proxy.corp:3128',
      shownAs: 'http://proxy.corp:3128',
      because: 'variables',
    })
    expect(plan.service).toMatchObject({ host: '::1', port: 8443, hostHeader: '[::1]:8443' })
    expect(targetOf(plan.service)).toBe('[::1]:8443')
    expect(plan.proxy).toEqual({
      endpoint: { host: 'proxy.corp', port: 3128 },
      secure: false,
      socks: null,
      shownAs: 'http://proxy.corp:3128',
      authorization: `Basic ${Buffer.from('ana@corp:p:ss').toString('base64')}`,
    })
  })
})

describe('a connection that was not made', () => {
  it.each([
    ['ENOTFOUND', 'diagnosis.nameNotFound'],
    ['EAI_AGAIN', 'diagnosis.nameServiceDown'],
    ['EAI_FAIL', 'diagnosis.nameLookupFailed'],
    [DEADLINE, 'diagnosis.nameLookupTimedOut'],
  ])('a name lookup that ends in %s says %s', (code, id) => {
    expect(lookupFailure(code, 'api.example.com', which, 5).id).toBe(id)
  })

  it.each([
    ['ECONNREFUSED', 'diagnosis.connectRefused'],
    ['ETIMEDOUT', 'diagnosis.connectTimedOut'],
    [DEADLINE, 'diagnosis.connectTimedOut'],
    ['EHOSTUNREACH', 'diagnosis.connectNoRoute'],
    ['ENETUNREACH', 'diagnosis.connectNoRoute'],
    ['ECONNRESET', 'diagnosis.connectReset'],
    ['EACCES', 'diagnosis.connectFailed'],
  ])('a connection that ends in %s says %s', (code, id) => {
    expect(connectFailure(code, '10.0.0.1:443', which, 5).id).toBe(id)
  })

  it('a proxy that does not answer CONNECT, or not in time', () => {
    expect(tunnelFailure('ECONNRESET', 'http://proxy:3128', which, 5).id).toBe(
      'diagnosis.proxyNoAnswer',
    )
    expect(tunnelFailure(DEADLINE, 'http://proxy:3128', which, 5).id).toBe(
      'diagnosis.proxyTimedOut',
    )
  })
})

const leaf = {
  subject: 'CN=api.example.com',
  issuer: 'CN=Corp Inspection CA, O=Corp',
  validTo: '2030-01-01T00:00:00.000Z',
  expired: false,
}
const intermediate = {
  subject: 'CN=Corp Inspection CA, O=Corp',
  issuer: 'CN=Corp Root, O=Corp',
  validTo: '2030-01-01T00:00:00.000Z',
  expired: false,
}
const seen = (overrides: Partial<SeenCertificate> = {}): SeenCertificate => ({
  chain: [leaf],
  authorizationError: null,
  hostMatches: true,
  names: 'DNS:api.example.com',
  ...overrides,
})

describe('the certificate, as the environment trusts', () => {
  it.each([
    [{ caFile: null, caOnly: false }, 'default'],
    [{ caFile: '/ca.pem', caOnly: false }, 'default-and-ca-file'],
    [{ caFile: '/ca.pem', caOnly: true }, 'ca-file-only'],
  ] as const)('%o is judged by %s', (tls, trust) => {
    expect(trustOf({ ...tls, clientCertificate: null })).toBe(trust)
  })

  it('a trusted certificate that names the host is accepted', () => {
    expect(judgeCertificate(seen(), 'api.example.com', 'default')).toEqual({
      finding: { chain: [leaf], hostMatches: true, trustedBy: 'default', accepted: true },
      failure: null,
    })
  })

  it.each([
    ['UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'diagnosis.tlsUntrustedIssuer'],
    ['UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'diagnosis.tlsUntrustedIssuer'],
    ['SELF_SIGNED_CERT_IN_CHAIN', 'diagnosis.tlsUntrustedIssuer'],
    ['DEPTH_ZERO_SELF_SIGNED_CERT', 'diagnosis.tlsSelfSigned'],
    ['CERT_HAS_EXPIRED', 'diagnosis.tlsExpired'],
    ['CERT_NOT_YET_VALID', 'diagnosis.tlsNotYetValid'],
    ['CERT_REVOKED', 'diagnosis.tlsCertificateRefused'],
    ['CERT_SIGNATURE_FAILURE', 'diagnosis.tlsCertificateRefused'],
  ])('OpenSSL’s %s is said as %s, and not accepted', (code, id) => {
    const judged = judgeCertificate(
      seen({ authorizationError: code, chain: [leaf, intermediate] }),
      'api.example.com',
      'default',
    )
    expect(judged.failure?.id).toBe(id)
    expect(judged.finding.accepted).toBe(false)
  })

  it('a chain sent up to a root not trusted: that root is named', () => {
    const judged = judgeCertificate(
      seen({ authorizationError: 'UNABLE_TO_GET_ISSUER_CERT', chain: [leaf, intermediate] }),
      'api.example.com',
      'default',
    )
    expect(judged.failure).toMatchObject({
      id: 'diagnosis.tlsUntrustedIssuer',
      values: { issuer: 'CN=Corp Root, O=Corp' },
    })
  })

  // A service that omits its intermediate once sent people round in a circle: "add its root"
  // (they added the intermediate) and back. Sent alone, both ways are said at once.
  it('a certificate sent alone, its issuer unknown: a root and an intermediate are both answered', () => {
    const judged = judgeCertificate(
      seen({ authorizationError: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' }),
      'api.example.com',
      'default',
    )
    expect(judged.failure?.id).toBe('diagnosis.tlsUntrustedIssuerAlone')
    expect(judged.failure?.text).toContain('add its root CA, CN=Corp Inspection CA, O=Corp')
    expect(judged.failure?.text).toContain('put it and its root CA together in one CA file')
  })

  it('an unknown issuer is named, with the trust that did not include it', () => {
    const judged = judgeCertificate(
      seen({ authorizationError: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' }),
      'api.example.com',
      'ca-file-only',
    )
    expect(judged.failure?.values).toMatchObject({
      issuer: 'CN=Corp Inspection CA, O=Corp',
      trust: { id: 'diagnosis.trustFileOnly' },
    })
    expect(judged.failure?.text).toContain("your company's TLS inspection")
  })

  it('an expired certificate of the chain is the one named, with its date', () => {
    const old = { ...leaf, subject: 'CN=Old Intermediate', validTo: '2021-01-01T00:00:00.000Z' }
    const judged = judgeCertificate(
      seen({ chain: [leaf, { ...old, expired: true }], authorizationError: 'CERT_HAS_EXPIRED' }),
      'api.example.com',
      'default',
    )
    expect(judged.failure?.values).toMatchObject({
      subject: 'CN=Old Intermediate',
      date: '2021-01-01',
    })
  })

  // Node gives its host name check as the authorization error once the chain passed.
  it.each([null, 'ERR_TLS_CERT_ALTNAME_INVALID'])(
    'a trusted certificate for another host (authorization error %s) is refused for its name, its chain accepted',
    (authorizationError) => {
      const judged = judgeCertificate(
        seen({ hostMatches: false, authorizationError }),
        'api.example.com',
        'default',
      )
      expect(judged.failure).toMatchObject({
        id: 'diagnosis.tlsWrongHost',
        values: { names: 'DNS:api.example.com' },
      })
      expect(judged.finding).toMatchObject({ hostMatches: false, accepted: true })
    },
  )

  it('an untrusted certificate for another host is not accepted, and its issuer is why', () => {
    const judged = judgeCertificate(
      seen({ hostMatches: false, authorizationError: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' }),
      'api.example.com',
      'default',
    )
    expect(judged.failure?.id).toBe('diagnosis.tlsUntrustedIssuerAlone')
    expect(judged.finding).toMatchObject({ hostMatches: false, accepted: false })
  })
})

describe('a TLS handshake that failed', () => {
  const where = { host: 'api.example.com', target: 'api.example.com:443' }
  it.each([
    ['ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED', false, 'diagnosis.clientCertificateRequired'],
    ['ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED', true, 'diagnosis.clientCertificateRefused'],
    ['ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE', false, 'diagnosis.handshakeRefusedNoCertificate'],
    ['ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE', true, 'diagnosis.handshakeRefused'],
    ['ERR_SSL_SSL/TLS_ALERT_HANDSHAKE_FAILURE', false, 'diagnosis.handshakeRefusedNoCertificate'],
    ['ERR_SSL_SSL/TLS_ALERT_BAD_CERTIFICATE', true, 'diagnosis.clientCertificateRefused'],
    ['ERR_SSL_TLSV1_ALERT_UNKNOWN_CA', true, 'diagnosis.clientCertificateRefused'],
    ['ERR_SSL_SSLV3_ALERT_BAD_CERTIFICATE', true, 'diagnosis.clientCertificateRefused'],
    ['ERR_SSL_SSLV3_ALERT_CERTIFICATE_EXPIRED', true, 'diagnosis.clientCertificateRefused'],
    ['ERR_SSL_TLSV1_ALERT_ACCESS_DENIED', false, 'diagnosis.handshakeRefusedNoCertificate'],
    ['ERR_SSL_WRONG_VERSION_NUMBER', false, 'diagnosis.tlsNotSpoken'],
    ['ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION', false, 'diagnosis.tlsNoSharedVersion'],
    ['ECONNRESET', false, 'diagnosis.tlsClosed'],
    [DEADLINE, false, 'diagnosis.tlsTimedOut'],
    ['ERR_SSL_SOMETHING_NEW', false, 'diagnosis.tlsFailed'],
  ])('%s (a client certificate set: %s) says %s', (code, hasClientCertificate, id) => {
    expect(handshakeFailure(code, where, hasClientCertificate, 5).id).toBe(id)
  })

  it('a client certificate required says what to do', () => {
    const message = handshakeFailure(
      'ERR_SSL_TLSV13_ALERT_CERTIFICATE_REQUIRED',
      where,
      false,
      5,
    ).text
    expect(message).toMatch(/asks for a client certificate.*add the certificate/)
  })
})
