import { describe, expect, it } from 'vitest'
import { said } from '../messages'
import type { ActivityEntry } from './activity-entry'
import { toCurlCommand } from './curl-command'

const entry: ActivityEntry = {
  id: 'e-1',
  at: '2026-11-26T00:00:00.000Z',
  environmentId: 'staging',
  environmentName: 'Staging',
  operation: said('operationRetrieveUser'),
  method: 'GET',
  url: 'https://api.example.com/api/v3/pendingCompanyUsers/ana',
  proxy: null,
  network: null,
  requestHeaders: { apiKey: '$API_KEY' },
  requestBody: null,
  status: 200,
  responseBody: null,
  durationMs: 12,
  failure: null,
  expectedStatus: null,
}

describe('the cURL command of a call', () => {
  it('repeats a direct call with its secrets as variables', () => {
    expect(toCurlCommand(entry)).toBe(
      `curl -sS -X GET 'https://api.example.com/api/v3/pendingCompanyUsers/ana' -H 'apiKey: '"$API_KEY"`,
    )
  })

  it('goes through the proxy the call went through', () => {
    expect(toCurlCommand({ ...entry, proxy: 'http://corp-proxy:3128' })).toContain(
      `--proxy 'http://corp-proxy:3128'`,
    )
  })

  it('carries the proxy user, the CA file and the client certificate, secrets as variables', () => {
    const network = {
      proxyUser: 'ana',
      caFile: 'corp root.pem',
      caOnly: false,
      clientCertificate: { certFile: 'client.pem', keyFile: 'client.key' },
      passphrase: true,
    }
    expect(toCurlCommand({ ...entry, proxy: 'http://corp:3128', network })).toBe(
      `curl -sS -X GET 'https://api.example.com/api/v3/pendingCompanyUsers/ana' --proxy 'http://corp:3128' --proxy-user 'ana:'"$PROXY_PASSWORD" --ca-native --cacert 'corp root.pem' --cert 'client.pem' --key 'client.key' --pass "$CLIENT_KEY_PASSPHRASE" -H 'apiKey: '"$API_KEY"`,
    )
    const only = {
      ...network,
      proxyUser: null,
      caOnly: true,
      clientCertificate: { pkcs12File: 'client.p12' },
      passphrase: false,
    }
    expect(toCurlCommand({ ...entry, network: only })).toBe(
      `curl -sS -X GET 'https://api.example.com/api/v3/pendingCompanyUsers/ana' --cacert 'corp root.pem' --cert-type P12 --cert 'client.p12' -H 'apiKey: '"$API_KEY"`,
    )
  })
})
