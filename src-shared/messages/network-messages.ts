import type { SharedMessage } from './message-text'

/**
 * The network between the console and a service: its proxy, the certificate authorities it
 * trusts, its client certificate (route.ts, proxy-failure.ts, tls-files.ts). Part of the core's
 * messages (see core-messages.ts).
 */
export const NETWORK_MESSAGES = {
  // {which}: where the proxy came from (diagnosis-messages.ts's whichProxy...).
  proxyUnreachable: /*i18n*/ {
    id: 'http.proxyUnreachable',
    message:
      'Could not reach the proxy {proxy} ({code}), so nothing was sent: check {which} (its address and port), and the network connection.',
  },
  // Right in every face: the window's "As this computer is set up" follows the system, not
  // HTTPS_PROXY, and gives no user name; "This proxy" does, wherever the console runs.
  proxyAuthentication: /*i18n*/ {
    id: 'http.proxyAuthentication',
    message:
      'The proxy {proxy} asks for a user name and password ({status}), so nothing was sent. In Environments, choose "This proxy" for this environment, with this proxy\'s address and your user name, and set its password with the other secrets (the keychain keeps it).',
  },
  proxyLoginUnsupported: /*i18n*/ {
    id: 'network.proxyLoginUnsupported',
    message:
      'The proxy {proxy} asks for a login the console cannot give ({schemes}; {status}), so nothing was sent: the console supports Basic proxy logins only (a user name and password). Run a local relay that logs in with your Windows or Kerberos session, such as px or cntlm, and choose "This proxy" for this environment in Environments with its address (such as http://127.0.0.1:3128); or ask whoever runs the proxy for a Basic login.',
  },
  proxySchemeUnsupported: /*i18n*/ {
    id: 'network.proxySchemeUnsupported',
    message:
      'The proxy {proxy} is a {scheme} proxy, which the console cannot use, so nothing was sent: use an http://, https://, socks5:// or socks5h:// proxy, in HTTPS_PROXY or as "This proxy" for this environment in Environments.',
  },
  proxySocksRefused: /*i18n*/ {
    id: 'network.proxySocksRefused',
    message:
      'The SOCKS proxy {proxy} would not connect to {url} ({reason}), so nothing was sent. Check its address and port, and the user name and password it is given, or ask whoever runs it to let this address through.',
  },
  proxyTlsRefused: /*i18n*/ {
    id: 'network.proxyTlsRefused',
    message:
      "The secure connection to the proxy {proxy} failed, so nothing was sent: {problem} ({code}). Add the certificate authority that signed the proxy's certificate to this environment's CA file, or to this computer's certificate store.",
  },
  proxyRefused: /*i18n*/ {
    id: 'http.proxyRefused',
    message:
      'The proxy {proxy} would not open a connection to {url} ({status}), so nothing was sent. Ask whoever runs the proxy to let this address through.',
  },
  caFileNoCertificates: /*i18n*/ {
    id: 'network.caFileNoCertificates',
    message:
      "{file} holds no PEM certificate (-----BEGIN CERTIFICATE-----): choose the CA's certificate in PEM form.",
  },
  tlsFileUnreadable: /*i18n*/ {
    id: 'network.tlsFileUnreadable',
    message: '{file} cannot be read ({code}).',
  },
  tlsFileMissing: /*i18n*/ { id: 'network.tlsFileMissing', message: 'There is no file at {file}.' },
  tlsFileTooLarge: /*i18n*/ {
    id: 'network.tlsFileTooLarge',
    message: '{file} is larger than {kib} KiB: it is not a certificate or key file.',
  },
  clientKeyUnusable: /*i18n*/ {
    id: 'network.clientKeyUnusable',
    message:
      'The client certificate of "{environment}" cannot be used: {reason}. Check its files and the key\'s passphrase in Environments. Nothing was sent.',
  },
  clientKeyNoKey: /*i18n*/ {
    id: 'network.clientKeyNoKey',
    message: 'its key file holds no private key, or the key does not match the certificate',
  },
  clientKeyPassphrase: /*i18n*/ {
    id: 'network.clientKeyPassphrase',
    message: 'the key is protected by a passphrase, and the one set is missing or wrong',
  },
  clientKeyLegacyPkcs12: /*i18n*/ {
    id: 'network.clientKeyLegacyPkcs12',
    message:
      'its PKCS#12 file is encrypted with RC2 (as "openssl pkcs12 -legacy" and many older Windows exports make it), which the console cannot read: export it again with AES ("openssl pkcs12 -export" without -legacy; in Windows, AES256-SHA256), or use its certificate and key as PEM files',
  },
  clientKeyBadFile: /*i18n*/ {
    id: 'network.clientKeyBadFile',
    message: 'its file cannot be read as a certificate and key ({error})',
  },
  proxyPasswordNeedsUser: /*i18n*/ {
    id: 'network.proxyPasswordNeedsUser',
    message:
      'A proxy password is kept for a proxy and a user name: set the proxy of "{environment}" to a proxy URL with its user name first.',
  },
  systemStoreEmpty: /*i18n*/ {
    id: 'network.systemStoreEmpty',
    message:
      "This computer's certificate store gave the console no certificate authority: services are checked against the console's bundled list only. A company CA must be added to each environment as a CA file.",
  },
  keepWithoutFile: /*i18n*/ {
    id: 'network.keepWithoutFile',
    message: 'This environment has no such file to keep: choose one.',
  },
  systemProxyUnsupported: /*i18n*/ {
    id: 'network.systemProxyUnsupported',
    message:
      'This computer sends {url} through {proxy}, a kind of proxy the console cannot use. Choose a proxy for this environment in Environments.',
  },
  // A connection test's steps that depend on the environment's network settings.
  resolveAwaitsProxy: /*i18n*/ {
    id: 'network.resolveAwaitsProxy',
    message:
      'Not looked up: which host to contact first depends on the proxy, which could not be used (see the proxy step).',
  },
  notCalledWithoutCredentials: /*i18n*/ {
    id: 'network.notCalledWithoutCredentials',
    message:
      'Not tried: the one real call needs the API key and the Secret key, and they are not both set.',
  },
} as const satisfies Record<string, SharedMessage>
