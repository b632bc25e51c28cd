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
  routedBy: 'setting',
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
  it('repeats a direct call with its secrets as variables, straight as the call went', () => {
    expect(toCurlCommand(entry)).toBe(
      `curl -sS -X GET 'https://api.example.com/api/v3/pendingCompanyUsers/ana' --noproxy '*' -H 'apiKey: '"$API_KEY"`,
    )
  })

  it('goes through the proxy the call went through', () => {
    expect(toCurlCommand({ ...entry, proxy: 'http://corp-proxy:3128' })).toContain(
      `--proxy 'http://corp-proxy:3128' -H`,
    )
  })

  // curl reads the variables as the console does: the proxy, its login and NO_PROXY included.
  it.each([null, 'http://corp-proxy:3128'])(
    'leaves the route to the variables where they decided it (proxy %s)',
    (proxy) => {
      const command = toCurlCommand({ ...entry, proxy, routedBy: 'variables' })
      expect(command).not.toMatch(/--proxy|--noproxy/)
    },
  )

  it.each(['system', 'loopback'] as const)(
    'keeps a call that went straight (%s) straight, whatever the variables say',
    (routedBy) => {
      expect(toCurlCommand({ ...entry, routedBy })).toContain(`--noproxy '*'`)
    },
  )

  it('carries the proxy user, the CA file and the client certificate, secrets as variables', () => {
    const network = {
      proxyUser: 'ana',
      caFile: 'corp root.pem',
      caOnly: false,
      clientCertificate: { certFile: 'client.pem', keyFile: 'client.key' },
      passphrase: true,
      platform: 'mac' as const,
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
      `curl -sS -X GET 'https://api.example.com/api/v3/pendingCompanyUsers/ana' --noproxy '*' --cacert 'corp root.pem' --cert-type P12 --cert 'client.p12' -H 'apiKey: '"$API_KEY"`,
    )
  })

  // Debian 12's curl (7.88) refuses --ca-native; it takes the store's folder instead.
  it('keeps the store beside a CA file with options the curl of that kind of computer takes', () => {
    const network = {
      proxyUser: null,
      caFile: 'corp.pem',
      caOnly: false,
      clientCertificate: null,
      passphrase: false,
    }
    const kept = (platform: 'linux' | 'windows' | 'other') =>
      toCurlCommand({ ...entry, network: { ...network, platform } })
    expect(kept('linux')).toContain(`--capath /etc/ssl/certs --cacert 'corp.pem'`)
    expect(kept('linux')).not.toContain('--ca-native')
    expect(kept('windows')).toContain(`--ca-native --cacert 'corp.pem'`)
    expect(kept('other')).toContain(`--noproxy '*' --cacert 'corp.pem'`)
  })
})
