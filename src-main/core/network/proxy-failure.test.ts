import { describe, expect, it } from 'vitest'
import { offeredSchemes, proxyFailure, tunnelRefusal } from './proxy-failure'

const PROXY = 'http://proxy.corp:3128'
const refusalOf = (status: number, sentCredentials: boolean, offered?: string[]) =>
  tunnelRefusal({ status, proxy: PROXY, target: 'api:443', sentCredentials, offered })

describe("a proxy's refusal to open a tunnel, for a call and for the connection test alike", () => {
  it.each([
    [407, true, 'diagnosis.proxyCredentialsRefused'],
    [407, false, 'http.proxyAuthentication'],
    // tinyproxy answers a wrong password with 401, where 407 is meant.
    [401, true, 'diagnosis.proxyCredentialsRefused'],
    [401, false, 'http.proxyAuthentication'],
    [403, true, 'http.proxyRefused'],
    [502, false, 'diagnosis.proxyCannotReach'],
    [503, false, 'diagnosis.proxyCannotReach'],
    [504, false, 'diagnosis.proxyCannotReach'],
    [500, false, 'http.proxyRefused'],
  ])('CONNECT answered %i (credentials sent: %s) says %s', (status, sent, id) => {
    expect(refusalOf(status, sent)).toMatchObject({
      id,
      values: expect.objectContaining({ status }),
    })
  })

  it.each([
    ['Negotiate', ['Negotiate'], 'network.proxyLoginUnsupported'],
    ['NTLM, Negotiate', ['NTLM', 'Negotiate'], 'network.proxyLoginUnsupported'],
    ['Kerberos', ['Kerberos'], 'network.proxyLoginUnsupported'],
    ['NTLM TlRMTVNTUAACAAAA==', ['NTLM'], 'network.proxyLoginUnsupported'],
    ['Negotiate, Basic realm="corp, main", charset="UTF-8"', ['Negotiate', 'Basic'], null],
    ['basic realm="corp"', ['basic'], null],
    [undefined, [], null],
  ])('a 407 offering %s (%o) is said as %s', (header, schemes, id) => {
    const offered = offeredSchemes(header)
    expect(offered).toEqual(schemes)
    expect(refusalOf(407, false, offered).id).toBe(id ?? 'http.proxyAuthentication')
  })

  it('a proxy offering only Negotiate or NTLM: Basic logins only, and what to do', () => {
    const refusal = refusalOf(407, true, ['Negotiate', 'NTLM'])
    expect(refusal.values).toMatchObject({ schemes: 'Negotiate, NTLM', status: 407 })
    expect(refusal.text).toMatch(/supports Basic proxy logins only.*px or cntlm.*"This proxy"/)
  })
})

describe('a call through a proxy that got no answer', () => {
  const route = (proxyUrl: string) =>
    ({ via: 'proxy', proxyUrl, shownAs: PROXY, because: 'setting' }) as const
  const tunnel = (status: string) =>
    `Failed to establish tunnel to api.example.com:443 via ${PROXY}/: HTTP/1.1 ${status}`
  const baseUrl = 'https://api.example.com'

  it.each([
    [
      '407 Proxy Authentication Required',
      'http://ana:pw@proxy.corp:3128',
      'diagnosis.proxyCredentialsRefused',
    ],
    ['407 Proxy Authentication Required', 'http://proxy.corp:3128', 'http.proxyAuthentication'],
    ['401 Unauthorized', 'http://ana:pw@proxy.corp:3128', 'diagnosis.proxyCredentialsRefused'],
    ['502 Bad Gateway', 'http://proxy.corp:3128', 'diagnosis.proxyCannotReach'],
    ['504 Gateway Timeout', 'http://proxy.corp:3128', 'diagnosis.proxyCannotReach'],
    ['403 Forbidden', 'http://proxy.corp:3128', 'http.proxyRefused'],
  ])('Node’s ERR_PROXY_TUNNEL for %s (through %s) says %s', (status, proxyUrl, id) => {
    const said = proxyFailure('ERR_PROXY_TUNNEL', tunnel(status), baseUrl, route(proxyUrl))
    expect(said?.id).toBe(id)
    expect(said?.text).not.toContain('pw')
  })

  it('a proxy that cannot be reached says where it came from', () => {
    const said = proxyFailure('ECONNREFUSED', '', baseUrl, route('http://proxy.corp:3128'))
    expect(said).toMatchObject({
      id: 'http.proxyUnreachable',
      values: { code: 'ECONNREFUSED', which: { id: 'diagnosis.whichProxySetting' } },
    })
  })

  it('any other failure is the service’s', () => {
    expect(proxyFailure('ECONNRESET', '', baseUrl, route('http://proxy.corp:3128'))).toBeNull()
  })
})
