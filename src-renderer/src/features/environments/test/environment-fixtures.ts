import type { EnvironmentView, TlsView } from '@shared/environments'
import type { AppInfo, Face, FileGrant } from '@shared/ipc'

/** Environments as main shows them to the page, for the feature's component tests. */

export const SAVED_TLS: TlsView = {
  caFile: {
    name: 'acme-root.pem',
    certificates: [
      {
        subject: 'CN=ACME Root CA, O=ACME',
        issuer: 'CN=ACME Root CA, O=ACME',
        validTo: '2034-06-30T12:00:00.000Z',
        expired: false,
      },
      {
        subject: 'CN=ACME Old Root, O=ACME',
        issuer: 'CN=ACME Old Root, O=ACME',
        validTo: '2023-06-30T12:00:00.000Z',
        expired: true,
      },
    ],
    problem: null,
  },
  caOnly: false,
  clientCertificate: {
    format: 'pem',
    files: [
      {
        name: 'console.crt',
        certificates: [
          {
            subject: 'CN=integrator-console',
            issuer: 'CN=ACME Root CA, O=ACME',
            validTo: '2027-01-15T12:00:00.000Z',
            expired: false,
          },
        ],
        problem: null,
      },
      { name: 'console.key', certificates: [], problem: null },
    ],
  },
}

export const ENVIRONMENT: EnvironmentView = {
  id: 'staging-acme',
  name: 'Staging ACME',
  baseUrl: 'https://staging.acme.example',
  kind: 'staging',
  userTokenScheme: 'hmac-sha256-hex',
  timeoutMs: 15_000,
  maxResponseKiB: 4096,
  proxy: { mode: 'system' },
  tls: SAVED_TLS,
  builtIn: false,
  secrets: null,
}

/** An environment behind a proxy with no user, no TLS files, its credentials set. */
export const BEHIND_PROXY: EnvironmentView = {
  ...ENVIRONMENT,
  proxy: { mode: 'url', url: 'http://proxy.acme.example:3128', username: null },
  tls: { caFile: null, caOnly: false, clientCertificate: null },
  secrets: {
    apiKey: true,
    secretKey: true,
    userTokenSecret: false,
    proxyPassword: false,
    clientKeyPassphrase: false,
  },
}

/** A file main granted: its handle (a UUID, as the contract wants) and its name. */
export const grant = (name: string, n: number): FileGrant => ({
  handle: `0b9f4d2e-8c1a-4f7e-9a3b-5d6c7e8f9a0${n}`,
  name,
})

/** What main says of itself in a face: no dialog of its own in the browser shell. */
export const appInfoIn = (face: Face): AppInfo => ({
  version: '0.0.0',
  face,
  keychain: { available: true, said: null },
  sandbox: { state: 'running', baseUrl: null, said: null },
})
