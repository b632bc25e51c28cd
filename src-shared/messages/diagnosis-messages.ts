import type { SharedMessage } from './message-text'

/**
 * A connection test's steps, each as it passed or why it failed and what to do (see
 * src-main/core/network/diagnosis). Part of the core's messages (see core-messages.ts).
 */
export const DIAGNOSIS_MESSAGES = {
  // What a message is about: {which} in the messages below.
  whichServiceUrl: /*i18n*/ { id: 'diagnosis.whichServiceUrl', message: "this environment's URL" },
  whichProxySetting: /*i18n*/ {
    id: 'diagnosis.whichProxySetting',
    message: "this environment's proxy",
  },
  whichProxyVariables: /*i18n*/ {
    id: 'diagnosis.whichProxyVariables',
    message: 'the proxy in HTTPS_PROXY (or HTTP_PROXY, ALL_PROXY)',
  },
  whichProxySystem: /*i18n*/ {
    id: 'diagnosis.whichProxySystem',
    message: "this computer's proxy settings",
  },
  // Why a call goes through a proxy or straight: {because}.
  becauseSetting: /*i18n*/ {
    id: 'diagnosis.becauseSetting',
    message: "as this environment's setting says",
  },
  becauseVariables: /*i18n*/ {
    id: 'diagnosis.becauseVariables',
    message: 'as the HTTPS_PROXY, HTTP_PROXY, ALL_PROXY and NO_PROXY variables say',
  },
  becauseLoopback: /*i18n*/ {
    id: 'diagnosis.becauseLoopback',
    message: 'as every plain-http call does: it stays on this computer',
  },
  becauseSystem: /*i18n*/ {
    id: 'diagnosis.becauseSystem',
    message: "as this computer's proxy settings say",
  },
  // Which authorities judged a certificate: {trust}.
  trustDefault: /*i18n*/ {
    id: 'diagnosis.trustDefault',
    message: "this computer's certificate authorities and the console's own list",
  },
  trustDefaultAndFile: /*i18n*/ {
    id: 'diagnosis.trustDefaultAndFile',
    message:
      "this computer's certificate authorities, the console's own list and this environment's CA file",
  },
  trustFileOnly: /*i18n*/ {
    id: 'diagnosis.trustFileOnly',
    message: "this environment's CA file alone",
  },

  // Steps that passed, or do not apply.
  notTried: /*i18n*/ { id: 'diagnosis.notTried', message: 'Not tried: an earlier step failed.' },
  resolved: /*i18n*/ { id: 'diagnosis.resolved', message: '{host} is {address}.' },
  nothingToResolve: /*i18n*/ {
    id: 'diagnosis.nothingToResolve',
    message: '{host} is an address: there is no name to look up.',
  },
  direct: /*i18n*/ {
    id: 'diagnosis.direct',
    message: 'No proxy: straight to the service, {because}.',
  },
  proxyOpened: /*i18n*/ {
    id: 'diagnosis.proxyOpened',
    message: 'Through the proxy {proxy}, {because}: it opened a tunnel to {target}.',
  },
  connectedTo: /*i18n*/ { id: 'diagnosis.connectedTo', message: 'Connected to {target}.' },
  connectedThroughTunnel: /*i18n*/ {
    id: 'diagnosis.connectedThroughTunnel',
    message: "Connected to {target} through the proxy's tunnel.",
  },
  tlsNotUsed: /*i18n*/ {
    id: 'diagnosis.tlsNotUsed',
    message: 'Plain http (this computer only): there is no certificate to check.',
  },
  tlsAccepted: /*i18n*/ {
    id: 'diagnosis.tlsAccepted',
    message:
      'The certificate of {host} names it and is trusted by {trust}; it is valid until {validTo}.',
  },
  httpAnswered: /*i18n*/ {
    id: 'diagnosis.httpAnswered',
    message: 'The service answered (HTTP {status}).',
  },
  // The test asks for a user that cannot exist: a 404 is the answer it looks for, not a fault.
  httpAnsweredNotFound: /*i18n*/ {
    id: 'diagnosis.httpAnsweredNotFound',
    message:
      'The service answered (HTTP 404: the made-up user the test asks for does not exist, as expected).',
  },

  // The name could not be resolved.
  nameNotFound: /*i18n*/ {
    id: 'diagnosis.nameNotFound',
    message:
      "The name {host} does not exist for this computer's name service ({code}): check {which} for a typing mistake. A name known only inside a company network needs that network, or its VPN.",
  },
  nameServiceDown: /*i18n*/ {
    id: 'diagnosis.nameServiceDown',
    message:
      "This computer's name service gave no answer for {host} ({code}): check the network connection (and the VPN), then try again.",
  },
  nameLookupFailed: /*i18n*/ {
    id: 'diagnosis.nameLookupFailed',
    message: 'The name {host} could not be looked up ({code}): check {which}.',
  },
  nameLookupTimedOut: /*i18n*/ {
    id: 'diagnosis.nameLookupTimedOut',
    message:
      "This computer's name service gave no answer for {host} within {seconds} s: check the network connection (and the VPN).",
  },

  // No TCP connection (to the service, or to the proxy).
  connectRefused: /*i18n*/ {
    id: 'diagnosis.connectRefused',
    message:
      'Nothing accepts connections at {target} ({code}): check the port of {which}, and that what should answer there is running.',
  },
  connectTimedOut: /*i18n*/ {
    id: 'diagnosis.connectTimedOut',
    message:
      'No connection to {target} within {seconds} s: a firewall may be dropping it, or the address of {which} is wrong. From a company network, the service may be reachable only through its proxy.',
  },
  connectNoRoute: /*i18n*/ {
    id: 'diagnosis.connectNoRoute',
    message:
      'This computer has no route to {target} ({code}): check the network connection (and the VPN), and the address of {which}.',
  },
  connectReset: /*i18n*/ {
    id: 'diagnosis.connectReset',
    message:
      'The connection to {target} was closed as soon as it was made ({code}): a firewall on the way may refuse it.',
  },
  connectFailed: /*i18n*/ {
    id: 'diagnosis.connectFailed',
    message: 'Could not connect to {target} ({code}): check {which}.',
  },

  // The proxy's answer to the request for a tunnel.
  proxyCredentialsRefused: /*i18n*/ {
    id: 'diagnosis.proxyCredentialsRefused',
    message:
      'The proxy {proxy} refused the user name and password it was given ({status}): check the proxy user name of this environment and its password (the keychain keeps it), or those in HTTPS_PROXY.',
  },
  proxyCannotReach: /*i18n*/ {
    id: 'diagnosis.proxyCannotReach',
    message:
      "The proxy {proxy} could not connect to {target} itself ({status}): check the address and port of this environment's URL; the service may be down, or out of the proxy's reach.",
  },
  proxyNoAnswer: /*i18n*/ {
    id: 'diagnosis.proxyNoAnswer',
    message:
      'The proxy {proxy} gave no answer to the request for a tunnel ({code}): check that {which} names an HTTP proxy.',
  },
  proxyTimedOut: /*i18n*/ {
    id: 'diagnosis.proxyTimedOut',
    message: 'The proxy {proxy} did not answer the request for a tunnel within {seconds} s.',
  },

  // The certificate the service (or something in its place) presented.
  tlsUntrustedIssuer: /*i18n*/ {
    id: 'diagnosis.tlsUntrustedIssuer',
    message:
      "The certificate of {host} was issued by {issuer}, which is not among {trust} ({code}). This looks like your company's TLS inspection (or the service's private CA): add its root CA, {issuer}, to this environment as its CA file (PEM; your IT department has it; a CA file may hold several certificates, one after the other, so keep any it needs already).",
  },
  // The service sent its certificate alone: {issuer} may be a root, or an intermediate it should
  // have sent along. Both ways are said, so that following either never leads back here.
  tlsUntrustedIssuerAlone: /*i18n*/ {
    id: 'diagnosis.tlsUntrustedIssuerAlone',
    message:
      "The certificate of {host} was issued by {issuer}, which is not among {trust} ({code}), and the service sent no other certificate with it. This looks like your company's TLS inspection (or the service's private CA): add its root CA, {issuer}, to this environment as its CA file (PEM; your IT department has it). If it is an intermediate CA instead, the service does not send its chain: put it and its root CA together in one CA file (PEM, one after the other), and ask the service's administrators to send the full chain.",
  },
  tlsSelfSignedStep: /*i18n*/ {
    id: 'diagnosis.tlsSelfSigned',
    message:
      'The certificate of {host} is self-signed ({subject}) and not among {trust} ({code}): if this is the service you expect, add that certificate to this environment as its CA file.',
  },
  tlsExpiredStep: /*i18n*/ {
    id: 'diagnosis.tlsExpired',
    message:
      'The certificate {subject} presented by {host} expired on {date} ({code}): whoever runs the service must renew it.',
  },
  tlsNotYetValidStep: /*i18n*/ {
    id: 'diagnosis.tlsNotYetValid',
    message:
      "The certificate {subject} presented by {host} is not valid yet ({code}): check this computer's date and time.",
  },
  tlsWrongHostStep: /*i18n*/ {
    id: 'diagnosis.tlsWrongHost',
    message:
      "The certificate presented at {host} is for {names}, not for {host}: check the host name in this environment's URL (use a name the certificate gives).",
  },
  tlsCertificateRefused: /*i18n*/ {
    id: 'diagnosis.tlsCertificateRefused',
    message: 'The certificate of {host} was refused: {problem} ({code}).',
  },

  // The TLS handshake itself.
  clientCertificateRequired: /*i18n*/ {
    id: 'diagnosis.clientCertificateRequired',
    message:
      'The service at {host} asks for a client certificate, and this environment has none ({code}): add the certificate your administrator issued for it (a PEM certificate and key, or a PKCS#12 file and its passphrase) to this environment in Environments.',
  },
  clientCertificateRefused: /*i18n*/ {
    id: 'diagnosis.clientCertificateRefused',
    message:
      "The service at {host} refused this environment's client certificate ({code}): check that it is the one issued for this service, and that it is still valid.",
  },
  handshakeRefusedNoCertificate: /*i18n*/ {
    id: 'diagnosis.handshakeRefusedNoCertificate',
    message:
      'The service at {host}, or something on the way to it, refused the TLS handshake ({code}): most likely it asks for a client certificate, and this environment has none. Add the one your administrator issued for it in Environments; otherwise, the service accepts no TLS version or cipher this console offers.',
  },
  handshakeRefused: /*i18n*/ {
    id: 'diagnosis.handshakeRefused',
    message:
      "The service at {host}, or something on the way to it, refused the TLS handshake ({code}): it may not accept this environment's client certificate, or any TLS version or cipher this console offers.",
  },
  tlsNotSpoken: /*i18n*/ {
    id: 'diagnosis.tlsNotSpoken',
    message:
      "What answers at {target} does not speak TLS ({code}): check whether this environment's URL should start with http:// or https://, and its port.",
  },
  tlsNoSharedVersion: /*i18n*/ {
    id: 'diagnosis.tlsNoSharedVersion',
    message:
      'The service at {host} and this console share no TLS version ({code}): the service offers only versions older than TLS 1.2, which the console refuses.',
  },
  tlsClosed: /*i18n*/ {
    id: 'diagnosis.tlsClosed',
    message:
      'The connection to {host} was closed during the TLS handshake ({code}): a firewall or proxy on the way may block it, or the service may ask for a client certificate.',
  },
  tlsTimedOut: /*i18n*/ {
    id: 'diagnosis.tlsTimedOut',
    message: 'The TLS handshake with {host} did not finish within {seconds} s.',
  },
  tlsFailed: /*i18n*/ {
    id: 'diagnosis.tlsFailed',
    message: 'The TLS handshake with {host} failed ({code}).',
  },
} as const satisfies Record<string, SharedMessage>
