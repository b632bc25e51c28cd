import { expect, it } from 'vitest'
import { VARIABLES_CASES, type Where } from '../../../test/helpers/proxy-variable-cases'
import { bypasses, proxyOfVariables } from './proxy-variables'

const PROXIES = { A: '127.0.0.1:3128', B: '127.0.0.1:8080' }

function filled(variables: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(variables).map(([name, value]) => [
      name,
      value.replaceAll('{A}', PROXIES.A).replaceAll('{B}', PROXIES.B),
    ]),
  )
}

function goes(proxy: string | null): Where {
  if (proxy === null) return 'straight'
  return new URL(proxy).host === PROXIES.A ? 'proxy A' : 'proxy B'
}

it.each(VARIABLES_CASES)('$what: $curl, as curl goes', ({ url, variables, curl }) => {
  expect(goes(proxyOfVariables(url, filled(variables)))).toBe(curl)
})

it('gives a proxy without a scheme as http://, and one with a scheme as it is', () => {
  const url = 'https://svc.corp.example/'
  expect(proxyOfVariables(url, { https_proxy: 'proxy.corp:3128' })).toBe('http://proxy.corp:3128')
  expect(proxyOfVariables(url, { https_proxy: 'socks5h://proxy.corp:1080' })).toBe(
    'socks5h://proxy.corp:1080',
  )
  expect(proxyOfVariables(url, {})).toBeNull()
})

it('reads an IPv4 range of any size, and no range past 32 bits', () => {
  expect(bypasses('10.1.2.3', '10.1.0.0/16')).toBe(true)
  expect(bypasses('10.1.2.3', '10.1.2.3/32')).toBe(true)
  expect(bypasses('10.1.2.3', '10.1.0.0/24')).toBe(false)
  expect(bypasses('10.1.2.3', '10.1.0.0/33')).toBe(false)
})

it('puts a proxy that names no port on 1080 (443 for https://), as libcurl does', () => {
  const url = 'https://svc.corp.example/'
  const cases: [string, string][] = [
    ['proxy.corp', 'http://proxy.corp:1080'],
    ['http://ana:pw@proxy.corp', 'http://ana:pw@proxy.corp:1080'],
    ['http://proxy.corp:80', 'http://proxy.corp:80'],
    ['https://proxy.corp', 'https://proxy.corp'],
    ['socks5h://[::1]', 'socks5h://[::1]:1080'],
    ['http://proxy.corp/', 'http://proxy.corp:1080/'],
  ]
  expect(cases.map(([proxy]) => proxyOfVariables(url, { https_proxy: proxy }))).toEqual(
    cases.map(([, expected]) => expected),
  )
})
